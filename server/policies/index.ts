import { administers } from '../../common/roles';
import { DASHBOARD_MSG } from '../../common/schemas/dashboard';
import type { AppContext } from '../context';
import { isAbove, type Area } from '../domain/hierarchy';
import { forbidden, type AppError } from '../lib/errors';
import { audit } from '../services/audit';
import type { Actor } from './actor';
import * as comment from './comment';
import * as organisation from './organisation';
import * as report from './report';
import * as share from './share';
import * as task from './task';

/**
 * The one gate of every route: `authorize(ctx, actor, action, thing)` answers when the actor may,
 * and otherwise writes the refusal to the audit log and throws the 403. The rules themselves live
 * one file per entity (report.ts, comment.ts, task.ts, share.ts, user.ts, organisation.ts), each
 * as `can(actor, action, thing)`; the abilities that travel with presented entities come from the
 * same functions, so the browser and the server never disagree.
 */

/** An action checked on `Args` whose grant answers `Grant` (true, or the scope it grants). */
interface Check<Args extends unknown[], Grant = true> {
  args: Args;
  grant: Grant;
}

/** Every action a route authorizes, with what it is checked on. */
interface Checks {
  'report:read': Check<[report: report.ReportRef]>;
  'review:read': Check<[report: report.ReportRef]>;
  'report:write': Check<[report: report.ReportRef]>;
  'report:review': Check<[report: report.ReportRef]>;
  'report:comment': Check<[report: report.ReportRef]>;
  'report:share': Check<[report: report.ReportRef]>;
  'shares:list': Check<[report: report.ReportRef]>;
  /** All or nothing: one report may not be read, none is downloaded. */
  'report:download': Check<[reports: readonly report.ReportRef[]]>;
  /** A person's reports over time (history, trends): shares do not count. */
  'person:read': Check<[personId: string]>;
  /**
   * Recording or removing someone's absence: the person, anyone above them, an administrator. The
   * board reads everyone but changes nobody's weeks.
   */
  'absence:write': Check<[personId: string]>;
  'comment:edit': Check<[comment: comment.CommentRef]>;
  /** Answering the comment (replies sit under it); its report's rule is 'report:reply'. */
  'comment:reply': Check<[comment: comment.CommentRef]>;
  'task:update': Check<[task: task.TaskRef]>;
  'share:revoke': Check<[share: share.ShareRef]>;
  'users:manage': Check<[]>;
  'settings:manage': Check<[]>;
  'reminders:send': Check<[]>;
  'audit:read': Check<[]>;
  'reports:mark-submitted': Check<[]>;
  'backup:export': Check<[]>;
  'webhooks:manage': Check<[]>;
  'api:docs': Check<[]>;
  'reports:export': Check<[]>;
  'peers:list': Check<[]>;
  'reports:list': Check<[], organisation.WeekListScope>;
  'dashboard:read': Check<[], Area>;
  'reminders:remind': Check<[], Area>;
}
export type Action = keyof Checks;

/** A refusal, naming the thing refused for the audit log. */
class Refused {
  constructor(readonly entityId: string | null = null) {}
}

interface Rule<Args extends unknown[], Grant> {
  /** What the audit log calls the kind of thing refused. */
  entity: string;
  /** The refusal's message, when it says more than the generic one. */
  message?: string;
  decide(ctx: AppContext, actor: Actor, ...args: Args): Promise<Grant | Refused> | Grant | Refused;
}

const granted = (allowed: boolean, entityId: string | null = null) =>
  allowed ? (true as const) : new Refused(entityId);

/** A report's rule, on the report's facts. */
const onReport = (action: report.ReportAction, message?: string) => ({
  entity: 'appa_submission',
  message,
  async decide(ctx: AppContext, actor: Actor, ref: report.ReportRef) {
    const factsOf = await report.loadReportFacts(ctx, actor, [ref]);
    return granted(report.can(actor, action, factsOf(ref)), ref.id);
  },
});

/** A comment's rule, on the comment and what the actor may do on its report. */
const onComment = (action: comment.CommentAction) => ({
  entity: 'review_comment',
  async decide(ctx: AppContext, actor: Actor, ref: comment.CommentRef) {
    const facts = report.reportAbilities(
      actor,
      (await report.loadReportFacts(ctx, actor, [ref.report]))(ref.report),
    );
    return granted(
      comment.can(actor, action, {
        ...ref,
        commentsOnReport: facts.comment,
        repliesOnReport: facts.reply,
      }),
      ref.id,
    );
  },
});

/** An organisation-wide rule, audited as `entity`. */
const onOrganisation = (action: organisation.OrganisationAction, entity: string) => ({
  entity,
  decide: (_ctx: AppContext, actor: Actor) => granted(organisation.can(actor, action)),
});

const RULES: { [A in Action]: Rule<Checks[A]['args'], Checks[A]['grant']> } = {
  'report:read': onReport('report:read'),
  'review:read': onReport('review:read'),
  'report:write': onReport('report:write'),
  'report:review': onReport('report:review'),
  'report:comment': onReport('report:comment'),
  'report:share': onReport('report:share', DASHBOARD_MSG.shareOnlyOwn),
  'shares:list': onReport('shares:list'),
  'report:download': {
    entity: 'appa_submission',
    async decide(ctx, actor, reports) {
      const factsOf = await report.loadReportFacts(ctx, actor, reports);
      const refused = reports.find((r) => !report.can(actor, 'report:download', factsOf(r)));
      return refused ? new Refused(refused.id) : true;
    },
  },
  'person:read': {
    entity: 'user',
    async decide(ctx, actor, personId) {
      const author = await report.loadAuthorFacts(ctx, actor, personId);
      return granted(report.readsReportsOf(actor, author), personId);
    },
  },
  'absence:write': {
    entity: 'user',
    async decide(ctx, actor, personId) {
      if (personId === actor.id || administers(actor.role)) return true;
      return granted(await isAbove(ctx, actor.id, personId), personId);
    },
  },
  'comment:edit': onComment('comment:edit'),
  'comment:reply': onComment('comment:reply'),
  'task:update': {
    entity: 'review_task',
    decide: (_ctx, actor, ref) => granted(task.can(actor, 'task:update', ref), ref.id),
  },
  'share:revoke': {
    entity: 'lateral_sharing',
    decide: (_ctx, actor, ref) => granted(share.can(actor, 'share:revoke', ref), ref.id),
  },
  'users:manage': onOrganisation('users:manage', 'admin'),
  'settings:manage': onOrganisation('settings:manage', 'admin'),
  'reminders:send': onOrganisation('reminders:send', 'admin'),
  'audit:read': onOrganisation('audit:read', 'admin'),
  'reports:mark-submitted': onOrganisation('reports:mark-submitted', 'admin'),
  'backup:export': onOrganisation('backup:export', 'admin'),
  'webhooks:manage': onOrganisation('webhooks:manage', 'webhook'),
  'api:docs': onOrganisation('api:docs', 'api'),
  'reports:export': onOrganisation('reports:export', 'appa_submission'),
  'peers:list': onOrganisation('peers:list', 'user'),
  'reports:list': {
    entity: 'appa_submission',
    decide: (_ctx, actor) => organisation.weekListScope(actor) ?? new Refused(),
  },
  'dashboard:read': {
    entity: 'dashboard',
    decide: (_ctx, actor) => organisation.areaOf(actor) ?? new Refused(),
  },
  'reminders:remind': {
    entity: 'reminder',
    decide: (_ctx, actor) => organisation.reminderArea(actor) ?? new Refused(),
  },
};

/**
 * Answers what `action` grants `actor` (true, or the scope: the week list's, the dashboard's
 * area); otherwise audits the refusal (`security.permission_refused`, naming the action and the
 * thing) and throws a 403.
 */
export async function authorize<A extends Action>(
  ctx: AppContext,
  actor: Actor,
  action: A,
  ...args: Checks[A]['args']
): Promise<Checks[A]['grant']> {
  return decide(ctx, actor, action, args, forbidden);
}

/**
 * As `authorize`, but a refusal throws `hidden`, the answer to a thing that does not exist: for
 * a caller who must not learn that it does. The refusal is audited all the same.
 */
export async function authorizeOrHide<A extends Action>(
  ctx: AppContext,
  actor: Actor,
  action: A,
  hidden: AppError,
  ...args: Checks[A]['args']
): Promise<Checks[A]['grant']> {
  return decide(ctx, actor, action, args, () => hidden);
}

async function decide<A extends Action>(
  ctx: AppContext,
  actor: Actor,
  action: A,
  args: Checks[A]['args'],
  refusal: (message: string | undefined) => AppError,
): Promise<Checks[A]['grant']> {
  const rule: Rule<Checks[A]['args'], Checks[A]['grant']> = RULES[action];
  const decision = await rule.decide(ctx, actor, ...args);
  if (!(decision instanceof Refused)) return decision;
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'security.permission_refused',
    entity: rule.entity,
    entityId: decision.entityId,
    meta: { attempted: action },
  });
  throw refusal(rule.message);
}
