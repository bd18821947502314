// Planned messages put into words: each in the operator's template for its type (or the default), filled
// with the booking's values and the recipient's name, carrying the template's DLT registration, and a
// duty-slip email its slip. Pure; the caller writes what this answers.
import type { Audience, BookingFacts, PlannedMessage } from './booking-texts';
import {
  DEFAULT_TEMPLATES,
  renderMessage,
  type TemplateText,
  type TemplateType,
  type TemplateValues,
  templateValues,
} from './templates';

export interface ComposedMessage extends PlannedMessage {
  text: string;
  subject: string;
  variables: TemplateValues;
  dltTemplateId: string;
  senderId: string;
  attachments: { kind: 'DUTY_SLIP'; bookingId: string; fileName: string }[];
}

/** The operator's own templates by type; a type without one is worded by its default. */
export type OperatorTemplates = Partial<Record<TemplateType, TemplateText>>;

export function compose(
  booking: BookingFacts,
  planned: PlannedMessage[],
  context: {
    templates: OperatorTemplates;
    audience: Pick<Audience, 'customerName' | 'supplier'>;
    companyName: string;
    timeZone: string;
  },
): ComposedMessage[] {
  return planned.map((message) => {
    const template = context.templates[message.type] ?? DEFAULT_TEMPLATES[message.type];
    const values = templateValues(booking, {
      companyName: context.companyName,
      customerName: context.audience.customerName,
      supplierName: context.audience.supplier?.name ?? '',
      passengerName: message.role === 'PASSENGER' ? message.name : undefined,
      timeZone: context.timeZone,
    });
    const rendered = renderMessage(template, values);
    const isSms = message.channel === 'SMS';
    return {
      ...message,
      text: rendered.text,
      subject: rendered.subject,
      variables: rendered.values,
      dltTemplateId: isSms ? template.dltTemplateId : '',
      senderId: isSms ? template.senderId : '',
      attachments:
        message.type === 'DUTY_SLIP_EMAIL'
          ? [{ kind: 'DUTY_SLIP', bookingId: booking.id, fileName: `duty-slip-${booking.bookingNo}.pdf` }]
          : [],
    };
  });
}
