import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { z } from 'zod';
import {
  BULK_MSG,
  USER_MSG,
  bulkSummary,
  bulkUserRowSchema,
  type BulkUploadResult,
  type bulkUploadSchema,
} from '../../../common/schemas/users';
import type { AppContext } from '../../context';
import { users, type UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest } from '../../lib/errors';
import { presentUser } from '../../presenters/user';
import { announce, announcing } from '../../events/announce';
import { generateTemporaryPassword, hashPassword } from '../../services/passwords';
import { savedMailFrom } from '../../services/settings';
import { sendCredentials } from './admin-service';
import { placeUnderManagers } from './bulk-managers';
import {
  createUser,
  firstFreeIn,
  normaliseEmail,
  slugBase,
  usernameBase,
} from '../../services/users';

type BulkUpload = z.output<typeof bulkUploadSchema>;
type ValidRow = { index: number; row: z.output<typeof bulkUserRowSchema> };

/** Argon2 runs on libuv's thread pool; a few at a time keep the server responsive meanwhile. */
const HASH_CONCURRENCY = 4;
const MAIL_CONCURRENCY = 5;
const INSERT_BATCH = 200;

const rawEmail = (row: unknown): string | null => {
  if (typeof row !== 'object' || row === null || !('email' in row)) return null;
  return typeof row.email === 'string' && row.email.trim() ? row.email.trim() : null;
};

/**
 * POST /api/users/bulk-upload: creates every valid row whose e-mail is new, each with its own
 * temporary password that must be changed at first sign-in, its role, area and manager, and
 * reports per row what was created, skipped (the e-mail exists, or repeats an earlier row) and
 * refused (and why: a bad value, or a manager who is unknown, suspended or makes a loop). A row never stops
 * the others. The credentials are e-mailed after the users exist; a mail failure undoes nothing.
 */
export async function adminBulkCreate(
  ctx: AppContext,
  log: FastifyBaseLogger,
  actor: UserRow,
  input: BulkUpload,
): Promise<BulkUploadResult> {
  const result: BulkUploadResult = { message: '', created: [], skipped: [], refused: [] };

  const valid: ValidRow[] = [];
  const seen = new Set<string>();
  input.users.forEach((raw, index) => {
    const parsed = bulkUserRowSchema.safeParse(
      typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : undefined,
    );
    if (!parsed.success) {
      const reason =
        typeof raw === 'object' && raw !== null && !Array.isArray(raw)
          ? (parsed.error.issues[0]?.message ?? BULK_MSG.rowNotObject)
          : BULK_MSG.rowNotObject;
      result.refused.push({ index, email: rawEmail(raw), reason });
      return;
    }
    const email = normaliseEmail(parsed.data.email);
    if (seen.has(email)) {
      result.skipped.push({ index, email, reason: BULK_MSG.duplicateInBatch });
      return;
    }
    seen.add(email);
    valid.push({ index, row: { ...parsed.data, email } });
  });

  if (valid.length === 0 && result.skipped.length === 0) throw badRequest(BULK_MSG.noValidUsers);

  const existing = new Set<string>();
  for (let i = 0; i < valid.length; i += 500) {
    const emails = valid.slice(i, i + 500).map((v) => v.row.email);
    const rows = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    for (const r of rows) existing.add(r.email);
  }
  const { placed: toCreate, refused: misplaced } = await placeUnderManagers(
    ctx.db,
    valid.filter((v) => {
      if (!existing.has(v.row.email)) return true;
      result.skipped.push({ index: v.index, email: v.row.email, reason: USER_MSG.emailTaken });
      return false;
    }),
  );
  result.refused.push(...misplaced);

  const limitHash = pLimit(HASH_CONCURRENCY);
  const prepared = await Promise.all(
    toCreate.map((v) =>
      limitHash(async () => {
        const temporaryPassword = generateTemporaryPassword();
        return { ...v, temporaryPassword, passwordHash: await hashPassword(temporaryPassword) };
      }),
    ),
  );

  // Usernames and slugs are chosen in memory against every taken one, then inserted in batches,
  // managers before the people under them.
  const taken = await ctx.db.select({ username: users.username, slug: users.slug }).from(users);
  const usernames = new Set(taken.map((r) => r.username));
  const slugs = new Set(taken.map((r) => r.slug));
  const createdRows: { index: number; row: UserRow; temporaryPassword: string }[] = [];
  // Everyone of the import joins now: expected from the next full week.
  const now = ctx.clock();
  const created = (user: UserRow) =>
    ({ name: 'user.created', actor, user, via: 'bulk', at: now }) as const;
  for (let i = 0; i < prepared.length; i += INSERT_BATCH) {
    const batch = prepared.slice(i, i + INSERT_BATCH);
    const values = batch.map((p) => {
      const username = firstFreeIn(usernames, usernameBase(p.row.email));
      const slug = firstFreeIn(slugs, slugBase(p.row.fullName));
      usernames.add(username);
      slugs.add(slug);
      const { manager: _manager, ...fields } = p.row;
      return {
        ...fields,
        id: p.id,
        managerId: p.managerId,
        username,
        slug,
        password: p.passwordHash,
        mustChangePassword: true,
        createdAt: now,
        updatedAt: now,
      } satisfies typeof users.$inferInsert;
    });
    let inserted: UserRow[] | null = null;
    try {
      inserted = await announcing(ctx, log, async (tx) => {
        const rows = await tx.insert(users).values(values).returning();
        await announce(tx, ...rows.map(created));
        return rows;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    if (inserted) {
      const byEmail = new Map(inserted.map((r) => [r.email, r]));
      for (const p of batch) {
        const row = byEmail.get(p.row.email);
        if (row) createdRows.push({ index: p.index, row, temporaryPassword: p.temporaryPassword });
      }
      continue;
    }
    // Someone created one of these e-mails (or slugs) meanwhile: one at a time, to find which.
    const createdIds = new Set(createdRows.map((c) => c.row.id));
    for (const p of batch) {
      if (p.managerInImport && p.managerId && !createdIds.has(p.managerId)) {
        result.refused.push({
          index: p.index,
          email: p.row.email,
          reason: BULK_MSG.managerNotImported,
        });
        continue;
      }
      try {
        const row = await announcing(ctx, log, async (tx) => {
          const one = await createUser(tx, {
            ...p.row,
            id: p.id,
            managerId: p.managerId,
            passwordHash: p.passwordHash,
            mustChangePassword: true,
            createdAt: now,
          });
          await announce(tx, created(one));
          return one;
        });
        createdRows.push({ index: p.index, row, temporaryPassword: p.temporaryPassword });
        createdIds.add(row.id);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        result.skipped.push({ index: p.index, email: p.row.email, reason: USER_MSG.emailTaken });
      }
    }
  }
  result.created = createdRows.map(({ index, row, temporaryPassword }) => ({
    index,
    user: presentUser(row),
    temporaryPassword,
  }));

  const rows = {
    rows: input.users.length,
    created: result.created.length,
    skipped: result.skipped.length,
    refused: result.refused.length,
  };
  await announcing(ctx, log, (tx) =>
    announce(tx, { name: 'user.bulk_uploaded', actor, rows, at: now }),
  );

  const limitMail = pLimit(MAIL_CONCURRENCY);
  const sender = { from: await savedMailFrom(ctx.db) };
  await Promise.all(
    createdRows.map(({ row, temporaryPassword }) =>
      limitMail(() => sendCredentials(ctx, row, temporaryPassword, false, sender)),
    ),
  );

  result.created.sort((a, b) => a.index - b.index);
  result.skipped.sort((a, b) => a.index - b.index);
  result.refused.sort((a, b) => a.index - b.index);
  result.message = bulkSummary(result.created.length, result.skipped.length, result.refused.length);
  return result;
}
