// What the passenger's pages need of masters, asked on bookings' own account (a passenger is nobody's
// session): the operator's name, time zone and slip hours (business settings), the customer's say over
// its passengers' pages (its copy), and the feedback form they are asked.
import {
  BUILT_IN_FEEDBACK_FORM,
  businessSettingsMaster,
  DEFAULT_OPERATOR_TIME_ZONE,
  DEFAULT_SLIP_AUTO_ACCEPT_HOURS,
  decodeListPage,
  decodeMasterValues,
  type FeedbackForm,
  feedbackFormMaster,
  PERMISSION,
  parseValuesJson,
  questionsOf,
} from '@fleet/domain';
import { callAs, serviceCaller } from '@fleet/platform';
import { ActiveFilter, SortDirection } from '@fleet/proto/fleet/common/v1/common_pb';
import type { BookingsDeps } from './deps';

export interface OperatorFacts {
  name: string;
  timeZone: string;
  /** The business setting; null when the operator left it empty. */
  slipAutoAcceptHours: number | null;
}

export interface CustomerPageFacts {
  /** The customer's own hours; null to follow the operator's. */
  slipAutoAcceptHours: number | null;
  showCharges: boolean;
  feedbackFormId: string;
}

/** Bookings as itself, for one operator, holding only what it reads. */
export const asBookings = (tenantId: string, permissions: string[] = []) => ({
  ...serviceCaller('bookings', { tenantId, permissions }),
  tenantId,
});

export function createPassengerFacts(deps: Pick<BookingsDeps, 'masters' | 'copies'>) {
  const { masters, copies } = deps;

  async function operator(tenantId: string): Promise<OperatorFacts> {
    const { record } = await masters.getSettings(
      { kind: businessSettingsMaster.kind },
      callAs(asBookings(tenantId, [PERMISSION.view_company_profile])),
    );
    if (!record) return { name: '', timeZone: DEFAULT_OPERATOR_TIME_ZONE, slipAutoAcceptHours: null };
    const values = decodeMasterValues(
      businessSettingsMaster,
      parseValuesJson(businessSettingsMaster, record.valuesJson),
    );
    return {
      name: values.business_name,
      timeZone: values.time_zone ?? DEFAULT_OPERATOR_TIME_ZONE,
      slipAutoAcceptHours: values.slip_auto_accept_hours ?? null,
    };
  }

  async function customer(tenantId: string, customerId: string): Promise<CustomerPageFacts> {
    const known = await copies.load(asBookings(tenantId), { customer: [customerId] });
    const found = known.customer.get(customerId);
    return {
      slipAutoAcceptHours: found?.slipAutoAcceptHours ?? null,
      showCharges: found?.showChargesOnDigitalSlip ?? false,
      feedbackFormId: found?.feedbackFormId ?? '',
    };
  }

  /** The feedback form of one record, when it is an active form of the operator's. */
  async function formById(tenantId: string, id: string): Promise<FeedbackForm | undefined> {
    const { record } = await masters
      .getRecord(
        { kind: feedbackFormMaster.kind, id },
        callAs(asBookings(tenantId, [PERMISSION.view_feedback_form])),
      )
      .catch(() => ({ record: undefined }));
    if (!record?.isActive) return undefined;
    const values = decodeMasterValues(
      feedbackFormMaster,
      parseValuesJson(feedbackFormMaster, record.valuesJson),
    );
    const questions = questionsOf(values.questions);
    if (questions.length === 0) return undefined;
    return { id: record.id, name: values.name, description: values.description ?? '', questions };
  }

  return {
    operator,
    customer,

    /**
     * When a passenger's slip counts as accepted, in hours after it is sent: the customer's own hours,
     * else the operator's business setting, else 48.
     */
    async autoAcceptHours(tenantId: string, customerId: string): Promise<number> {
      const [own, settings] = await Promise.all([customer(tenantId, customerId), operator(tenantId)]);
      return own.slipAutoAcceptHours ?? settings.slipAutoAcceptHours ?? DEFAULT_SLIP_AUTO_ACCEPT_HOURS;
    },

    /**
     * The form a duty's passenger is asked: the customer's own when it names an active one, else the
     * operator's first active form (the oldest), else the built-in one, so a feedback link always asks.
     */
    async feedbackForm(tenantId: string, customerId: string): Promise<FeedbackForm> {
      const { feedbackFormId } = await customer(tenantId, customerId);
      const own = feedbackFormId ? await formById(tenantId, feedbackFormId) : undefined;
      if (own) return own;
      const page = await masters.listRecords(
        {
          kind: feedbackFormMaster.kind,
          active: ActiveFilter.ACTIVE,
          page: { limit: 1, sortBy: 'created_at', direction: SortDirection.ASC },
        },
        callAs(asBookings(tenantId, [PERMISSION.view_feedback_form])),
      );
      const [first] = decodeListPage(feedbackFormMaster, page.recordsJson);
      return (first && (await formById(tenantId, first.id))) ?? BUILT_IN_FEEDBACK_FORM;
    },
  };
}

export type PassengerFacts = ReturnType<typeof createPassengerFacts>;
