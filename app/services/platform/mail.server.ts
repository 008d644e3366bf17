import Handlebars from 'handlebars';
import nodemailer from 'nodemailer';
import { type Selectable, sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { type LanguageCode, isLanguageCode } from '~/domain/reference-data';
import { type Database, getDb } from './db.server';
import type { OutboxTable } from './db-schema';
import { getEnv } from './env.server';
import { currentCorrelationId, errorFields, log, underCorrelation } from './logger.server';

/**
 * Outgoing e-mail goes through the `outbox` table: the request only inserts a row (so a slow
 * or failing mail server never fails a sign-up), and a job delivers it. Without SMTP_URL
 * (development, tests) rows are marked 'captured' and read in the /dev/mail viewer.
 */
export async function queueEmail({ orgId, to, subject, text, html }: { orgId: string; to: string; subject: string; text: string; html: string }, db: Database = getDb()) {
  // `db` may be a transaction: the e-mail is then queued only if what it tells happened commits.
  await db.insertInto('outbox').values({ org_id: orgId, recipient: to, subject, text_body: text, html_body: html, correlation_id: currentCorrelationId() }).execute();
}

const MAX_ATTEMPTS = 5;
/** Rows one claim takes (and holds for two minutes). */
const BATCH = 20;

type Transport = { sendMail: (message: { from: string; to: string; subject: string; text: string; html: string; messageId: string }) => Promise<unknown> };

/** An outbox row's Message-ID, the e-mail's effect key. */
export const outboxMessageId = (id: number, orgId: string) => `<outbox-${id}.${orgId}@travel-platform.invalid>`;
let transport: Transport | null | undefined;
function getTransport(): Transport | null {
  if (transport === undefined) transport = getEnv().smtpUrl ? nodemailer.createTransport(getEnv().smtpUrl) : null;
  return transport;
}

const LEASE = sql<Date>`now() + interval '2 minutes'`;

/**
 * The claim of up to `batch` waiting rows, each for two minutes: on the partial index of pending
 * rows, so a claim costs the same with millions of delivered ones (test/integration/job-claims.test.ts).
 */
export function pendingMailClaim(db: Database, batch: number) {
  return db
    .updateTable('outbox')
    .set({ claimed_until: LEASE })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', sql<Date>`now()`)]))
        .orderBy('id')
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll();
}

/**
 * Sends (or captures) a batch of pending messages. Rows are claimed in a short transaction
 * (FOR UPDATE SKIP LOCKED, then a two-minute lease), and sent outside it: no transaction
 * waits on the mail server, and several app instances never take the same row. A run that
 * dies mid-send leaves the lease to expire, and the row is tried again (at least once).
 */
export async function deliverPendingEmails(batch = BATCH): Promise<number> {
  const smtp = getTransport();
  const db = getDb();
  const rows = await pendingMailClaim(db, batch).execute();
  for (const row of rows) {
    // Logged under the correlation id of the request that queued it, on whichever instance this is.
    await underCorrelation(row.correlation_id, () => deliverOne(row, smtp, db));
  }
  return rows.length;
}

/** Sends (or captures) one claimed row and records the result. */
async function deliverOne(row: Selectable<OutboxTable>, smtp: Transport | null, db: Database): Promise<void> {
  if (!smtp) {
    await db
      .updateTable('outbox')
      .set({ status: 'captured', sent_at: sql<Date>`now()`, claimed_until: null })
      .where('id', '=', row.id)
      .execute();
    log.info('mail captured (no SMTP_URL)', { outboxId: row.id });
    return;
  }
  try {
    // The same Message-ID on every try: a retry after a send whose record was lost (a crash in
    // between) is the same message, which mail systems and clients show once.
    await smtp.sendMail({
      from: getEnv().mailFrom,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      messageId: outboxMessageId(row.id, row.org_id),
    });
    await db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, attempts: row.attempts + 1, claimed_until: null })
      .where('id', '=', row.id)
      .execute();
    log.info('mail sent', { outboxId: row.id });
  } catch (error) {
    log.warn('mail delivery failed', { outboxId: row.id, ...errorFields(error) });
    const attempts = row.attempts + 1;
    await db
      .updateTable('outbox')
      .set({
        attempts,
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        last_error: error instanceof Error ? error.message : String(error),
        claimed_until: null,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/** How long one run keeps taking batches: a backlog drains at the mail server's pace, not one batch per run. */
const RUN_FOR_MS = 10_000;

/** Batches until the outbox has nothing waiting or the run has had its time; answers how many went. */
export async function drainOutbox(): Promise<number> {
  const until = Date.now() + RUN_FOR_MS;
  let delivered = 0;
  for (;;) {
    const taken = await deliverPendingEmails(BATCH);
    delivered += taken;
    if (taken < BATCH || Date.now() > until) return delivered;
  }
}

export const mailJob = { name: 'mail-delivery', everyMs: 2_000, run: drainOutbox };

// Templates: compiled once; Handlebars escapes every value in the HTML body. One set per language
// the platform speaks: a mail goes out in its recipient's language (mailLanguage). A mail to an
// address that never asked for one (sign-up verification, trip invitations) carries no free text
// of the sender's beyond a name checked by validName (decision 0051): no trip name, no message.
const layout = (body: string) => `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${body}<p style="color:#555">— {{orgName}}</p></body></html>`;
type TemplateTexts = { subject: string; text: string; html: string };
const texts = {
  'en-US': {
    signupVerify: {
      subject: 'Finish creating your {{orgName}} account',
      text: 'Hello {{firstName}},\n\nFinish creating your {{orgName}} account by opening this link within 24 hours:\n{{link}}\n\nIf you did not ask for an account, ignore this e-mail.\n\n— {{orgName}}',
      html: '<p>Hello {{firstName}},</p><p>Finish creating your {{orgName}} account by opening this link within 24 hours:</p><p><a href="{{link}}">{{link}}</a></p><p>If you did not ask for an account, ignore this e-mail.</p>',
    },
    signupExisting: {
      subject: 'You already have a {{orgName}} account',
      text: 'Hello,\n\nSomeone (probably you) tried to sign up to {{orgName}} with this e-mail, but you already have an account.\nSign in: {{signInLink}}\nForgot your password? Reset it: {{resetLink}}\n\n— {{orgName}}',
      html: '<p>Hello,</p><p>Someone (probably you) tried to sign up to {{orgName}} with this e-mail, but you already have an account.</p><p><a href="{{signInLink}}">Sign in</a> or <a href="{{resetLink}}">reset your password</a>.</p>',
    },
    passwordReset: {
      subject: 'Reset your {{orgName}} password',
      text: 'Hello {{firstName}},\n\nReset your {{orgName}} password by opening this link within 1 hour:\n{{link}}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.\n\n— {{orgName}}',
      html: '<p>Hello {{firstName}},</p><p>Reset your {{orgName}} password by opening this link within 1 hour:</p><p><a href="{{link}}">{{link}}</a></p><p>If you did not ask for this, ignore this e-mail; your password stays the same.</p>',
    },
    renewalDeclined: {
      subject: 'Your {{orgName}} membership renewal failed',
      text: 'Hello {{firstName}},\n\nWe could not renew your {{planName}} membership: charging {{amount}} to your saved card failed ({{reason}}).\nWe will try again on {{nextTry}}. To keep your membership, update your card in your profile before then:\n{{profileLink}}\n\n— {{orgName}}',
      html: '<p>Hello {{firstName}},</p><p>We could not renew your {{planName}} membership: charging {{amount}} to your saved card failed ({{reason}}).</p><p>We will try again on {{nextTry}}. To keep your membership, <a href="{{profileLink}}">update your card in your profile</a> before then.</p>',
    },
    renewalExpired: {
      subject: 'Your {{orgName}} membership has expired',
      text: 'Hello {{firstName}},\n\nThe last try to renew your {{planName}} membership failed: charging {{amount}} to your saved card failed ({{reason}}).\nYour membership has expired and {{amount}} is owed; it is added to your next membership payment. Update your card and renew in your profile:\n{{profileLink}}\n\n— {{orgName}}',
      html: '<p>Hello {{firstName}},</p><p>The last try to renew your {{planName}} membership failed: charging {{amount}} to your saved card failed ({{reason}}).</p><p>Your membership has expired and {{amount}} is owed; it is added to your next membership payment. <a href="{{profileLink}}">Update your card and renew in your profile</a>.</p>',
    },
    tripInvitation: {
      subject: '{{inviterName}} invited you to a trip on {{orgName}}',
      text: 'Hello {{firstName}},\n\n{{inviterName}} invited you to a trip on {{orgName}}. Join it by opening this link before {{expires}} (it works once):\n{{link}}\n\nIf you do not know {{inviterName}}, ignore this e-mail.\n\n— {{orgName}}',
      html: '<p>Hello {{firstName}},</p><p>{{inviterName}} invited you to a trip on {{orgName}}. Join it by opening this link before {{expires}} (it works once):</p><p><a href="{{link}}">{{link}}</a></p><p>If you do not know {{inviterName}}, ignore this e-mail.</p>',
    },
  },
  'es-MX': {
    signupVerify: {
      subject: 'Termina de crear tu cuenta de {{orgName}}',
      text: 'Hola, {{firstName}}:\n\nTermina de crear tu cuenta de {{orgName}} abriendo este enlace en las próximas 24 horas:\n{{link}}\n\nSi no pediste una cuenta, ignora este correo.\n\n— {{orgName}}',
      html: '<p>Hola, {{firstName}}:</p><p>Termina de crear tu cuenta de {{orgName}} abriendo este enlace en las próximas 24 horas:</p><p><a href="{{link}}">{{link}}</a></p><p>Si no pediste una cuenta, ignora este correo.</p>',
    },
    signupExisting: {
      subject: 'Ya tienes una cuenta de {{orgName}}',
      text: 'Hola:\n\nAlguien (probablemente tú) intentó registrarse en {{orgName}} con este correo, pero ya tienes una cuenta.\nInicia sesión: {{signInLink}}\n¿Olvidaste tu contraseña? Restablécela: {{resetLink}}\n\n— {{orgName}}',
      html: '<p>Hola:</p><p>Alguien (probablemente tú) intentó registrarse en {{orgName}} con este correo, pero ya tienes una cuenta.</p><p><a href="{{signInLink}}">Inicia sesión</a> o <a href="{{resetLink}}">restablece tu contraseña</a>.</p>',
    },
    passwordReset: {
      subject: 'Restablece tu contraseña de {{orgName}}',
      text: 'Hola, {{firstName}}:\n\nRestablece tu contraseña de {{orgName}} abriendo este enlace en la próxima hora:\n{{link}}\n\nSi no lo pediste, ignora este correo; tu contraseña no cambia.\n\n— {{orgName}}',
      html: '<p>Hola, {{firstName}}:</p><p>Restablece tu contraseña de {{orgName}} abriendo este enlace en la próxima hora:</p><p><a href="{{link}}">{{link}}</a></p><p>Si no lo pediste, ignora este correo; tu contraseña no cambia.</p>',
    },
    renewalDeclined: {
      subject: 'No pudimos renovar tu membresía de {{orgName}}',
      text: 'Hola, {{firstName}}:\n\nNo pudimos renovar tu membresía {{planName}}: el cargo de {{amount}} a tu tarjeta guardada falló ({{reason}}).\nLo intentaremos de nuevo el {{nextTry}}. Para conservar tu membresía, actualiza tu tarjeta en tu perfil antes de esa fecha:\n{{profileLink}}\n\n— {{orgName}}',
      html: '<p>Hola, {{firstName}}:</p><p>No pudimos renovar tu membresía {{planName}}: el cargo de {{amount}} a tu tarjeta guardada falló ({{reason}}).</p><p>Lo intentaremos de nuevo el {{nextTry}}. Para conservar tu membresía, <a href="{{profileLink}}">actualiza tu tarjeta en tu perfil</a> antes de esa fecha.</p>',
    },
    renewalExpired: {
      subject: 'Tu membresía de {{orgName}} venció',
      text: 'Hola, {{firstName}}:\n\nEl último intento de renovar tu membresía {{planName}} falló: el cargo de {{amount}} a tu tarjeta guardada falló ({{reason}}).\nTu membresía venció y quedan pendientes {{amount}}, que se suman a tu próximo pago de membresía. Actualiza tu tarjeta y renueva en tu perfil:\n{{profileLink}}\n\n— {{orgName}}',
      html: '<p>Hola, {{firstName}}:</p><p>El último intento de renovar tu membresía {{planName}} falló: el cargo de {{amount}} a tu tarjeta guardada falló ({{reason}}).</p><p>Tu membresía venció y quedan pendientes {{amount}}, que se suman a tu próximo pago de membresía. <a href="{{profileLink}}">Actualiza tu tarjeta y renueva en tu perfil</a>.</p>',
    },
    tripInvitation: {
      subject: '{{inviterName}} te invitó a un viaje en {{orgName}}',
      text: 'Hola, {{firstName}}:\n\n{{inviterName}} te invitó a un viaje en {{orgName}}. Únete abriendo este enlace antes del {{expires}} (funciona una sola vez):\n{{link}}\n\nSi no conoces a {{inviterName}}, ignora este correo.\n\n— {{orgName}}',
      html: '<p>Hola, {{firstName}}:</p><p>{{inviterName}} te invitó a un viaje en {{orgName}}. Únete abriendo este enlace antes del {{expires}} (funciona una sola vez):</p><p><a href="{{link}}">{{link}}</a></p><p>Si no conoces a {{inviterName}}, ignora este correo.</p>',
    },
  },
} satisfies Record<LanguageCode, Record<string, TemplateTexts>>;
export type TemplateName = keyof (typeof texts)['en-US'];

type Compiled = { subject: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate; html: HandlebarsTemplateDelegate };
const compiled = new Map<string, Compiled>();
function templateOf(name: TemplateName, language: LanguageCode): Compiled {
  let template = compiled.get(`${language}:${name}`);
  if (!template) {
    const source: TemplateTexts = texts[language][name];
    template = {
      subject: Handlebars.compile(source.subject, { noEscape: true }),
      text: Handlebars.compile(source.text, { noEscape: true }),
      html: Handlebars.compile(layout(source.html)),
    };
    compiled.set(`${language}:${name}`, template);
  }
  return template;
}

/** The language of a mail to someone: their preferred language if the organisation offers it, else the organisation's. */
export function mailLanguage(org: Pick<OrgConfig, 'locale'>, preferred: string | null | undefined): LanguageCode {
  const offered = preferred && org.locale.languages.includes(preferred) && isLanguageCode(preferred);
  return (offered ? preferred : org.locale.defaultLanguage) as LanguageCode;
}

export function renderEmail(name: TemplateName, language: LanguageCode, values: Record<string, string>) {
  const t = templateOf(name, language);
  return { subject: t.subject(values), text: t.text(values), html: t.html(values) };
}
