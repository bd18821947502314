import { SMTPServer } from 'smtp-server';

/** A real SMTP server (nodemailer's smtp-server) on loopback that keeps every email it takes, raw. */
export async function startSmtpPeer() {
  const received: { to: string[]; raw: Buffer }[] = [];
  const server = new SMTPServer({
    logger: false,
    closeTimeout: 100,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback(null, 'queued');
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the SMTP server is not listening');
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
