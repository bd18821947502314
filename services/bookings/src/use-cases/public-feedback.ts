// The passenger's feedback on a duty (spec §2 /feedback, §9 feedback field types): the form the link's
// holder is asked (passenger-facts.ts says which), answered once and checked against the form, and the
// answers staff read on the duty and in the feedback list.
import { randomUUID } from 'node:crypto';
import {
  checkFeedbackAnswers,
  type FeedbackAnswer,
  type FeedbackForm,
  type FeedbackQuestion,
  PERMISSION,
} from '@fleet/domain';
import {
  type Caller,
  invalid,
  type Page,
  pageSize,
  permissionDenied,
  preconditionFailed,
  requireId,
  toPage,
} from '@fleet/platform';
import { BookingsEvents, bookingsOutbox } from '../events/published';
import { feedbackToProto } from '../passenger-pages-mappers';
import { getBookingDetail, insertActivity } from '../storage/booking-record-store';
import {
  type AnsweredQuestionRecord,
  type FeedbackRecord,
  getFeedback,
  insertFeedback,
  type ListedFeedback,
  listFeedback,
} from '../storage/passenger-pages-store';
import type { BookingsDeps, TenantCaller } from './deps';
import type { PassengerFacts } from './passenger-facts';
import type { PublicLinks, ResolvedLink } from './public-links';
import { unknownLink } from './public-links';
import { requirePublicPages } from './public-slip';

export interface PublicFeedbackView {
  operatorName: string;
  bookingNo: string;
  /** The form to answer; once answered, only its name (the questions are not asked again). */
  form: FeedbackForm;
  answeredAt: Date | null;
}

/** A proto answer's values as the form's question takes them. */
function answerOf(question: FeedbackQuestion | undefined, values: readonly string[]): FeedbackAnswer {
  if (question && (question.type === 'INPUT' || question.type === 'TEXTAREA')) {
    return values.length <= 1 ? (values[0] ?? '') : [...values];
  }
  return [...values];
}

const valuesOf = (answer: FeedbackAnswer): string[] =>
  typeof answer === 'string' ? (answer === '' ? [] : [answer]) : answer;

export function createPublicFeedback(deps: BookingsDeps, links: PublicLinks, facts: PassengerFacts) {
  const { db, clock } = deps;

  async function load(link: ResolvedLink) {
    const { booking, answered } = await db.read(link.tenantId, async (tx) => ({
      booking: await getBookingDetail(tx, link.bookingId),
      answered: await getFeedback(tx, link.bookingId),
    }));
    if (!booking) throw unknownLink();
    const [operator, form] = await Promise.all([
      facts.operator(link.tenantId),
      answered
        ? Promise.resolve({
            id: answered.formId ?? '',
            name: answered.formName,
            description: '',
            questions: [],
          })
        : facts.feedbackForm(link.tenantId, booking.customerId),
    ]);
    const view: PublicFeedbackView = {
      operatorName: operator.name,
      bookingNo: booking.bookingNo,
      form,
      answeredAt: answered?.answeredAt ?? null,
    };
    return view;
  }

  return {
    async get(caller: Caller, token: string): Promise<PublicFeedbackView> {
      requirePublicPages(caller);
      return load(await links.resolve(token, 'FEEDBACK'));
    },

    async answer(caller: Caller, input: { token: string; answers: { values: string[] }[] }) {
      const visit = requirePublicPages(caller);
      const link = await links.resolve(input.token, 'FEEDBACK');
      const view = await load(link);
      if (view.answeredAt) {
        throw preconditionFailed('Thank you — this feedback has been sent already.', 'ALREADY_ANSWERED');
      }
      const { questions } = view.form;
      const checked = checkFeedbackAnswers(
        questions,
        input.answers.map((a, i) => answerOf(questions[i], a.values)),
      );
      if (!checked.ok) {
        throw invalid('Some answers need another look.', checked.problems);
      }
      const answers: AnsweredQuestionRecord[] = questions.map((q, i) => ({
        label: q.label,
        type: q.type,
        values: valuesOf(checked.answers[i] ?? ''),
      }));
      const feedback: FeedbackRecord = {
        bookingId: link.bookingId,
        formId: view.form.id || null,
        formName: view.form.name,
        answers,
        answeredAt: clock(),
      };
      await db.withTenant(link.tenantId, async (tx) => {
        if (!(await insertFeedback(tx, link.tenantId, feedback))) {
          throw preconditionFailed('Thank you — this feedback has been sent already.', 'ALREADY_ANSWERED');
        }
        const booking = (await getBookingDetail(tx, link.bookingId))!;
        await insertActivity(tx, {
          id: randomUUID(),
          tenantId: link.tenantId,
          bookingId: link.bookingId,
          actor: 'CUSTOMER',
          userId: null,
          actorUserId: null,
          action: 'feedbackReceived',
          fromStatus: booking.status,
          toStatus: booking.status,
          reason: '',
        });
        await bookingsOutbox.enqueue(
          tx,
          BookingsEvents.feedbackReceived,
          {
            tenantId: link.tenantId,
            feedback: feedbackToProto({
              ...feedback,
              bookingNo: booking.bookingNo,
              customerId: booking.customerId,
              customerName: booking.customerName,
              passengerName: booking.passengers[0]?.name ?? '',
            }),
          },
          { tenantId: link.tenantId, requestId: visit.requestId },
        );
      });
      return load(link);
    },

    /** Passengers' feedback, newest first, with each duty's number and customer. Needs view_booking. */
    async list(
      caller: TenantCaller,
      input: { cursor?: string; limit?: number; customerId?: string },
    ): Promise<Page<ListedFeedback>> {
      if (!caller.permissions.includes(PERMISSION.view_booking)) {
        throw permissionDenied('You need the “View Bookings” permission to read passengers’ feedback.');
      }
      const customerId = input.customerId ? requireId(input.customerId, 'customerId') : undefined;
      const limit = pageSize(input.limit);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listFeedback(tx, { cursor: input.cursor, limit, customerId }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.bookingId]);
    },
  };
}

export type PublicFeedback = ReturnType<typeof createPublicFeedback>;
