// Thin gRPC handlers of the passenger's pages: proto in, use case, proto out.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { HandlerContext } from '@connectrpc/connect';
import { callerOf, pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import type {
  AnswerPublicFeedbackRequest,
  AnswerPublicSlipRequest,
  GetPublicFeedbackRequest,
  GetPublicSlipRequest,
  IssuePublicLinkRequest,
  ListFeedbackRequest,
} from '@fleet/proto/fleet/bookings/v1/public_pages_pb';
import { feedbackToProto, publicFeedbackToProto, publicSlipToProto } from '../passenger-pages-mappers';
import type { PassengerPages } from '../use-cases/passenger-pages';

export function passengerPagesHandlers(pages: PassengerPages) {
  return {
    async issuePublicLink(req: IssuePublicLinkRequest, ctx: HandlerContext) {
      const { token, expiresAt } = await pages.links.issue(callerOf(ctx), req);
      return { token, expiresAt: timestampFromDate(expiresAt) };
    },
    async getPublicSlip(req: GetPublicSlipRequest, ctx: HandlerContext) {
      return { slip: publicSlipToProto(await pages.slip.get(callerOf(ctx), req.token)) };
    },
    async answerPublicSlip(req: AnswerPublicSlipRequest, ctx: HandlerContext) {
      const slip = await pages.slip.answer(callerOf(ctx), {
        token: req.token,
        decision: req.decision,
        reason: req.reason,
        signaturePng: req.signaturePng,
      });
      return { slip: publicSlipToProto(slip) };
    },
    async getPublicFeedback(req: GetPublicFeedbackRequest, ctx: HandlerContext) {
      return { feedback: publicFeedbackToProto(await pages.feedback.get(callerOf(ctx), req.token)) };
    },
    async answerPublicFeedback(req: AnswerPublicFeedbackRequest, ctx: HandlerContext) {
      const feedback = await pages.feedback.answer(callerOf(ctx), {
        token: req.token,
        answers: req.answers.map((a) => ({ values: a.values })),
      });
      return { feedback: publicFeedbackToProto(feedback) };
    },
    async listFeedback(req: ListFeedbackRequest, ctx: HandlerContext) {
      const page = await pages.feedback.list(tenantCallerOf(ctx), {
        ...pageRequestFromProto(req.page),
        customerId: req.customerId,
      });
      return { responses: page.items.map(feedbackToProto), pageInfo: pageInfoToProto(page) };
    },
  };
}
