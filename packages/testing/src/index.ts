export { expectDomainError } from './expect-domain-error';
export {
  type FcmDelivered,
  type FcmPeer,
  type FcmPeerOptions,
  fcmErrorAnswer,
  startFcmPeer,
} from './fcm-peer';
export {
  type Msg91Accepted,
  type Msg91Peer,
  type Msg91PeerOptions,
  type Msg91Report,
  type Msg91Request,
  type Msg91ScriptedAnswer,
  startMsg91Peer,
} from './msg91-peer';
export { eventually, publishEvent } from './published-events';
export { quietLogger } from './quiet-logger';
export { recordValues } from './record-values';
export { bootService, connectorTo, type ServiceHarness, TEST_INTERNAL_SECRET } from './service-harness';
export { startSmtpPeer } from './smtp-peer';
export { createTestBus, type TestBus } from './test-bus';
export { createTestDatabase, type TestDatabase } from './test-database';
export {
  graphErrorAnswer,
  postWhatsAppWebhook,
  signWhatsAppWebhook,
  startWhatsAppCloudPeer,
  type WhatsAppCloudPeer,
  type WhatsAppCloudPeerOptions,
  type WhatsAppCloudRequest,
  type WhatsAppCloudScriptedAnswer,
  type WhatsAppIncoming,
  type WhatsAppStatusUpdate,
  whatsAppWebhookBody,
} from './whatsapp-cloud-peer';
