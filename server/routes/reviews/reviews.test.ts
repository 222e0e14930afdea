import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Role } from '../../../common/roles';
import {
  PANEL_MSG,
  type ReportSummary,
  type ReviewComment,
  type SubmissionMessage,
} from '../../../common/schemas/panel';
import { auditLog, reviewComments } from '../../db/schema';
import { buildReport } from '../../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { requestAs, UNKNOWN_ID, type Person } from '../../test/review-fixture';

let t: TestApp;
let admin: Person;
let vp: Person;
let gerente: Person;
let lider: Person;
let author: Person;
let peerGerente: Person;
let sentId: string;
let draftId: string;
const inject = requestAs(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Administradora' });
  vp = await buildUser(t, { role: 'VP', fullName: 'Victor VP' });
  gerente = await buildUser(t, { role: 'GERENTE', fullName: 'Gema Gerente', managerId: vp.id });
  lider = await buildUser(t, { role: 'LIDER', fullName: 'Luis Líder', managerId: gerente.id });
  author = await buildUser(t, { role: 'USER', fullName: 'Úrsula Autora', managerId: lider.id });
  peerGerente = await buildUser(t, { role: 'GERENTE', managerId: vp.id });
  const sent = await buildReport(t, { user: author, weekStart: '2026-11-09', status: 'ENVIADO' });
  const draft = await buildReport(t, { user: author, weekStart: '2026-11-16', status: 'BORRADOR' });
  sentId = sent.id;
  draftId = draft.id;
});
afterAll(async () => {
  await t.close();
});

const review = (user: Person, id: string, payload: object = {}) =>
  inject(user, 'POST', `/api/appa/${id}/review`, payload);
const addComment = (user: Person, comment: string, id = sentId) =>
  inject(user, 'POST', `/api/appa/${id}/comments`, { comment });

describe('signed out', () => {
  it.each([
    ['POST', `/api/appa/${UNKNOWN_ID}/review`, {}],
    ['GET', `/api/appa/${UNKNOWN_ID}/comments`, undefined],
    ['POST', `/api/appa/${UNKNOWN_ID}/comments`, { comment: 'Hola' }],
    ['PUT', `/api/appa/comments/${UNKNOWN_ID}`, { comment: 'Hola' }],
  ] as const)('%s %s answers 401', async (method, url, payload) => {
    const res = await inject(null, method, url, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });
});

describe('who may review and comment', () => {
  const outsider = (role: Role) => buildUser(t, { role });

  it.each(['USER', 'LIDER', 'GERENTE', 'VP'] as const)(
    'a %s outside the chain may not review, comment or read the thread',
    async (role) => {
      const user = await outsider(role);
      for (const res of [
        await review(user, sentId),
        await addComment(user, 'Comentario ajeno'),
        await inject(user, 'GET', `/api/appa/${sentId}/comments`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden });
      }
      const refused = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
      expect(refused.filter((r) => r.action === 'security.permission_refused')).toHaveLength(3);
    },
  );

  it('a peer manager (same VP, not above the author) may not review', async () => {
    expect((await review(peerGerente, sentId)).statusCode).toBe(403);
    expect((await addComment(peerGerente, 'Hola')).statusCode).toBe(403);
  });

  it('the author reads the thread of their report but may not review or comment it', async () => {
    expect((await inject(author, 'GET', `/api/appa/${sentId}/comments`)).statusCode).toBe(200);
    expect((await review(author, sentId)).statusCode).toBe(403);
    expect((await addComment(author, 'Me reviso solo')).statusCode).toBe(403);
  });

  it.each([
    ['LIDER, the direct manager', () => lider],
    ['GERENTE two levels above', () => gerente],
    ['VP three levels above', () => vp],
  ])('the %s may comment and read the thread', async (_label, who) => {
    const res = await addComment(who(), `Comentario de ${who().fullName}`);
    expect(res.statusCode).toBe(201);
    expect((await inject(who(), 'GET', `/api/appa/${sentId}/comments`)).statusCode).toBe(200);
  });

  it('CONSEJO may comment', async () => {
    const consejo = await buildUser(t, { role: 'CONSEJO' });
    expect((await addComment(consejo, 'Desde el consejo')).statusCode).toBe(201);
  });
});

describe('POST /api/appa/{id}/review', () => {
  it('refuses a draft, bad ids and unknown reports, in Spanish', async () => {
    // A draft is its author's alone until it is sent: nobody reviews it.
    const draft = await review(admin, draftId);
    expect(draft.statusCode).toBe(403);
    expect(draft.json()).toEqual({ message: MSG.forbidden });
    const bad = await review(admin, 'no-es-un-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: PANEL_MSG.reportNotFound });
    const unknown = await review(admin, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PANEL_MSG.reportNotFound });
    const long = await review(admin, sentId, { notes: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: PANEL_MSG.reviewNotesTooLong });
  });

  it('a GERENTE above the author marks it reviewed; a second review needs isUpdate', async () => {
    const res = await review(gerente, sentId, { notes: '  Buen avance  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SubmissionMessage;
    expect(body.message).toBe(PANEL_MSG.reviewed);
    expect(body.submission).toMatchObject({
      reviewedAt: t.clock.current.toISOString(),
      reviewer: { id: gerente.id, fullName: 'Gema Gerente' },
      reviewNotes: 'Buen avance',
    });

    const again = await review(admin, sentId, { notes: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PANEL_MSG.alreadyReviewed });

    t.clock.advance(60_000);
    const update = await review(admin, sentId, { notes: 'Notas corregidas', isUpdate: true });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      message: PANEL_MSG.reviewUpdated,
      submission: {
        reviewNotes: 'Notas corregidas',
        reviewer: { id: gerente.id },
        reviewedAt: body.submission.reviewedAt,
      },
    });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sentId));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['report.reviewed', 'report.review_updated']),
    );
  });
});

describe('each reviewer keeps their own review notes', () => {
  const reviewRows = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .then((rows) => rows.filter((r) => r.action.startsWith('report.review')));
  const freshReport = async (weekStart: string) =>
    (await buildReport(t, { user: author, weekStart, status: 'ENVIADO' })).id;

  it("a second reviewer's update leaves the first reviewer's notes intact", async () => {
    const id = await freshReport('2026-10-05');
    const first = await review(gerente, id, { notes: 'Nota de Gema' });
    expect(first.statusCode).toBe(200);
    const firstAt = t.clock.current.toISOString();

    t.clock.advance(60_000);
    const second = await review(admin, id, { notes: 'Nota de Ana', isUpdate: true });
    expect(second.statusCode).toBe(200);
    const secondAt = t.clock.current.toISOString();
    const body = second.json() as SubmissionMessage;
    expect(body.submission.reviewer).toEqual({ id: gerente.id, fullName: 'Gema Gerente' });
    expect(body.submission.reviewNotes).toBe('Nota de Ana');
    expect(body.submission.reviewNotesHistory).toEqual([
      {
        id: expect.any(String),
        author: { id: gerente.id, fullName: 'Gema Gerente' },
        notes: 'Nota de Gema',
        createdAt: firstAt,
        updatedAt: firstAt,
      },
      {
        id: expect.any(String),
        author: { id: admin.id, fullName: 'Ana Administradora' },
        notes: 'Nota de Ana',
        createdAt: secondAt,
        updatedAt: secondAt,
      },
    ]);

    // The first reviewer changes only their own note; everyone who reads the report sees both.
    t.clock.advance(60_000);
    await review(gerente, id, { notes: 'Nota de Gema, corregida', isUpdate: true });
    const read = (await inject(author, 'GET', `/api/appa/${id}`)).json() as ReportSummary;
    expect(
      read.reviewNotesHistory.map((n) => [
        n.author?.fullName,
        n.notes,
        n.updatedAt !== n.createdAt,
      ]),
    ).toEqual([
      ['Gema Gerente', 'Nota de Gema, corregida', true],
      ['Ana Administradora', 'Nota de Ana', false],
    ]);
  });

  it('audits every change of notes with the old and the new text', async () => {
    const id = await freshReport('2026-09-28');
    await review(gerente, id, { notes: 'Primera versión' });
    await review(admin, id, { notes: 'Otra mirada', isUpdate: true });
    await review(gerente, id, { notes: 'Segunda versión', isUpdate: true });
    await review(gerente, id, { notes: '', isUpdate: true });

    const audited = await reviewRows(id);
    expect(audited.map((a) => [a.action, a.actorId, a.meta])).toEqual(
      expect.arrayContaining([
        ['report.reviewed', gerente.id, { from: null, to: 'Primera versión' }],
        ['report.review_updated', admin.id, { from: null, to: 'Otra mirada' }],
        ['report.review_updated', gerente.id, { from: 'Primera versión', to: 'Segunda versión' }],
        ['report.review_updated', gerente.id, { from: 'Segunda versión', to: null }],
      ]),
    );
    expect(audited).toHaveLength(4);
    // Clearing one's own notes removes only them.
    const read = (await inject(admin, 'GET', `/api/appa/${id}`)).json() as ReportSummary;
    expect(read.reviewNotesHistory.map((n) => n.notes)).toEqual(['Otra mirada']);
  });

  it('refuses notes too long on an update, in Spanish, and changes nothing', async () => {
    const id = await freshReport('2026-09-21');
    await review(gerente, id, { notes: 'Se queda' });
    for (const payload of [
      { notes: 'x'.repeat(2001), isUpdate: true },
      { notes: 42, isUpdate: true },
      { notes: 'Hola', isUpdate: 'sí' },
    ]) {
      const res = await review(gerente, id, payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const read = (await inject(admin, 'GET', `/api/appa/${id}`)).json() as ReportSummary;
    expect(read.reviewNotesHistory.map((n) => n.notes)).toEqual(['Se queda']);
    expect(await reviewRows(id)).toHaveLength(1);
  });

  it('a reviewer without notes adds none, and the report stays reviewed by the first', async () => {
    const id = await freshReport('2026-09-14');
    const res = await review(lider, id, {});
    expect(res.statusCode).toBe(200);
    const body = res.json() as SubmissionMessage;
    expect(body.submission).toMatchObject({
      reviewer: { id: lider.id },
      reviewNotes: null,
      reviewNotesHistory: [],
    });
    const [row] = await reviewRows(id);
    expect(row?.meta).toEqual({ from: null, to: null });
  });
});

describe('review comments', () => {
  it('refuses a blank comment, in Spanish, and stores nothing', async () => {
    const before = await t.db.$count(reviewComments);
    for (const comment of ['', '   ', undefined]) {
      const res = await inject(admin, 'POST', `/api/appa/${sentId}/comments`, { comment });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PANEL_MSG.commentRequired });
    }
    expect(await t.db.$count(reviewComments)).toBe(before);
  });

  it('lists oldest first; only its author edits, and the edit moves updatedAt', async () => {
    const first = (await addComment(admin, '  Primero  ')).json() as ReviewComment;
    expect(first).toMatchObject({
      comment: 'Primero',
      reviewerId: admin.id,
      reviewer: { id: admin.id, fullName: 'Ana Administradora' },
      submissionId: sentId,
    });
    expect(first.updatedAt).toBe(first.createdAt);
    t.clock.advance(1000);
    await addComment(gerente, 'Segundo');

    const list = (await inject(author, 'GET', `/api/appa/${sentId}/comments`)).json();
    const texts = (list as ReviewComment[]).map((c) => c.comment);
    expect(texts.indexOf('Primero')).toBeLessThan(texts.indexOf('Segundo'));

    const byOther = await inject(gerente, 'PUT', `/api/appa/comments/${first.id}`, {
      comment: 'Cambiado por otro',
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: MSG.forbidden });

    const blank = await inject(admin, 'PUT', `/api/appa/comments/${first.id}`, { comment: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: PANEL_MSG.commentRequired });

    t.clock.advance(5000);
    const edited = await inject(admin, 'PUT', `/api/appa/comments/${first.id}`, {
      comment: 'Primero, corregido',
    });
    expect(edited.statusCode).toBe(200);
    const body = edited.json() as ReviewComment;
    expect(body.comment).toBe('Primero, corregido');
    expect(body.createdAt).toBe(first.createdAt);
    expect(body.updatedAt).not.toBe(body.createdAt);
  });

  it('answers 404 to an unknown comment and 400 to a bad id', async () => {
    const unknown = await inject(admin, 'PUT', `/api/appa/comments/${UNKNOWN_ID}`, {
      comment: 'Hola',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PANEL_MSG.commentNotFound });
    const bad = await inject(admin, 'PUT', '/api/appa/comments/1%27%20or%201=1', {
      comment: 'Hola',
    });
    expect(bad.statusCode).toBe(400);
    const unknownReport = await inject(admin, 'GET', `/api/appa/${UNKNOWN_ID}/comments`);
    expect(unknownReport.statusCode).toBe(404);
  });
});
