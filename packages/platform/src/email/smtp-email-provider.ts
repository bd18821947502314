import { createTransport, type NodemailerError } from 'nodemailer';
import { checkEmailMessage, EmailDeliveryError, type EmailProvider } from './email-provider';

/**
 * How the connection is protected: `tls` from the first byte (port 465), `starttls` upgraded before
 * anything else is said and never sent in clear if the server cannot (587), `none` in clear (a relay
 * on this machine).
 */
export type SmtpSecurity = 'tls' | 'starttls' | 'none';

export interface SmtpOptions {
  host: string;
  port: number;
  security: SmtpSecurity;
  /** Both or neither: the server's login. */
  auth?: { user: string; password: string };
  /** The From of every email: `billing@example.com` or `Acme Cabs <billing@example.com>`. */
  from: string;
  /** The longest to wait for the connection, the greeting and each reply. */
  timeoutMs?: number;
  /** Certificates to trust besides the system's (PEM): a private relay's own authority. */
  ca?: string;
}

/** Errors that ended the connection rather than refused the email: the same email may go out later. */
const CONNECTION_FAILURES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS']);

/**
 * Node's codes for a certificate it does not trust or a handshake it cannot make: the server is not
 * the one configured, or not as configured, and will not become so by waiting.
 */
const TLS_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|^ERR_TLS|^ERR_SSL/;

// Read by shape, not `instanceof`: a socket's errors may come from another realm (a test sandbox).
const fieldsOf = (
  error: unknown,
): Pick<NodemailerError, 'code' | 'responseCode' | 'response' | 'originalCode' | 'message'> => {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const field = (name: string) => (name in error ? Reflect.get(error, name) : undefined);
  const text = (name: string) => {
    const value = field(name);
    return typeof value === 'string' ? value : undefined;
  };
  const responseCode = field('responseCode');
  return {
    code: text('code'),
    responseCode: typeof responseCode === 'number' ? responseCode : undefined,
    response: text('response'),
    originalCode: text('originalCode'),
    message: text('message') ?? '',
  };
};

/** The server's own words without anything of ours (a login, a password) and without control characters. */
function safeWords(words: string, secrets: readonly string[]): string {
  let safe = words;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('[redacted]');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  safe = safe.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return safe.length > 200 ? `${safe.slice(0, 200)}…` : safe;
}

/**
 * Sends emails over SMTP through nodemailer, one connection per email. An email counts as sent when
 * the server answers 250 to its data; the server's reply decides what a failure is: a 5xx reply (but
 * 503, a confused session) is permanent, a 4xx reply or a connection that failed, broke or went quiet
 * is retryable. After a connection breaks once the data went out, the email may have been taken:
 * SMTP accepts such a duplicate rather than a lost email, and so does this adapter.
 */
export function createSmtpEmailProvider(options: SmtpOptions): EmailProvider {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const server = `${options.host}:${options.port}`;
  const transport = createTransport({
    host: options.host,
    port: options.port,
    secure: options.security === 'tls',
    requireTLS: options.security === 'starttls',
    ignoreTLS: options.security === 'none',
    ...(options.auth ? { auth: { user: options.auth.user, pass: options.auth.password } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    ...(options.ca ? { tls: { ca: options.ca } } : {}),
    logger: false,
    debug: false,
  });
  const secrets = options.auth
    ? [
        options.auth.password,
        options.auth.user,
        Buffer.from(`\u0000${options.auth.user}\u0000${options.auth.password}`).toString('base64'),
        Buffer.from(options.auth.password).toString('base64'),
      ]
    : [];

  const failureOf = (error: unknown): EmailDeliveryError => {
    const fail = (retryable: boolean, message: string) => new EmailDeliveryError('smtp', retryable, message);
    const { code, responseCode, response, originalCode, message } = fieldsOf(error);
    if (code === 'ETLS' || (originalCode && TLS_FAILURE.test(originalCode))) {
      const why = originalCode ? ` (${originalCode})` : '';
      return fail(
        false,
        `could not secure the connection to ${server}: ${safeWords(message, secrets)}${why}`,
      );
    }
    if (typeof responseCode === 'number') {
      const words = response ? `: ${safeWords(response, secrets)}` : '';
      const retryable = !(responseCode >= 500 && responseCode < 600 && responseCode !== 503);
      const what = code === 'EAUTH' ? 'refused the login' : 'refused the email';
      return fail(retryable, `the SMTP server ${server} ${what} (${responseCode})${words}`);
    }
    if (code === 'ETIMEDOUT') {
      return fail(true, `the SMTP server ${server} did not answer within ${timeoutMs} ms`);
    }
    if (code && CONNECTION_FAILURES.has(code)) {
      const cause = originalCode ?? code;
      return fail(true, `could not reach the SMTP server ${server} (${cause})`);
    }
    return fail(
      false,
      `the SMTP server ${server} refused the email (${code ?? 'no code'}): ${safeWords(message, secrets)}`,
    );
  };

  return {
    name: 'smtp',
    async send(message) {
      checkEmailMessage('smtp', message);
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: [...message.to],
          ...(message.cc?.length ? { cc: [...message.cc] } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          attachments: (message.attachments ?? []).map((file) => ({
            filename: file.fileName,
            contentType: file.contentType,
            content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
          })),
        });
        return { providerMessageId: info.messageId, rejectedRecipients: info.rejected.map(String) };
      } catch (error) {
        throw failureOf(error);
      }
    },
  };
}
