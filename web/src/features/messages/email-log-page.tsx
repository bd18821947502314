import { MessageLogPage } from './message-log-page';

/** /operations/business/email */
export default function EmailLogPage() {
  return <MessageLogPage channel="EMAIL" />;
}
