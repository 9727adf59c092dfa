export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends one mail. Embedded default: files in DATA_DIR/outbox; production: SMTP. */
export type Mailer = { readonly name: string; send(message: MailMessage): Promise<void> };
