import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link worth logging when mail is written to the outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes a file in `<dataDir>/outbox`. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text });
      },
    };
  }
  const dir = path.join(config.dataDir, 'outbox');
  return {
    async send(m) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      const body = `From: ${config.mailFrom}\nTo: ${m.to}\nSubject: ${m.subject}\nDate: ${new Date().toUTCString()}\n\n${m.text}\n`;
      await fs.writeFile(file, body);
      log.info({ to: m.to, file, link: m.link }, `mail written to outbox${m.link ? `; link: ${m.link}` : ''}`);
    },
  };
}
