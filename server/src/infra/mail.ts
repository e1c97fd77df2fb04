import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import { privateDir, privateFile } from './private-files.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The mail's link; the demo mode prints it to the terminal (never to the log).  */
  link?: string;
  /** Files sent with the mail (an invoice's PDF and e-invoice). */
  attachments?: MailAttachment[];
  /** Where an answer goes when it is not to the sending address (an invoice: the seller's own). */
  replyTo?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes a file in `<dataDir>/outbox`. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  // The same mail either way: SMTP, or the whole MIME message written to the outbox.
  const envelope = (m: MailMessage) => ({
    from: config.mailFrom,
    to: m.to,
    replyTo: m.replyTo,
    subject: m.subject,
    text: m.text,
    attachments: m.attachments,
  });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail(envelope(m));
      },
    };
  }
  const dir = path.join(config.dataDir, 'outbox');
  const outboxWriter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      await privateDir(dir);
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      // A mail with files is written whole (MIME, as SMTP would carry it), so its attachments can be opened.
      const body = m.attachments?.length
        ? ((await outboxWriter.sendMail(envelope(m))).message as Buffer)
        : `From: ${config.mailFrom}\nTo: ${m.to}\nSubject: ${m.subject}\nDate: ${new Date().toUTCString()}\n\n${m.text}\n`;
      await privateFile(file, body);
      // Links carry reset and confirmation tokens: the log names the file, never the link.
      log.info({ file }, 'mail written to the outbox');
      // The demo prints the link once to the terminal, so its flows work on a fresh machine.
      if (config.demoMode && m.link) console.log(`[demo] mail to ${m.to}: ${m.link}`);
    },
  };
}
