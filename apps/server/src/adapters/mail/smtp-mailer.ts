import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
