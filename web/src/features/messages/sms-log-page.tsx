import { MessageLogPage } from './message-log-page';

/** /operations/business/sms */
export default function SmsLogPage() {
  return <MessageLogPage channel="SMS" />;
}
