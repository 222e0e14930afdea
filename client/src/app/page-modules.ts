/**
 * What each page of the router needs before it can draw itself, for the server to announce in the
 * page's HTML: the browser then fetches the page's code (and what it asks the API first) alongside
 * the app's own script, instead of after that script has run, matched the address and asked who
 * is signed in. vite.config.ts turns this table into .vite/pages.json, with the files the build
 * made of each module; the server reads that file.
 *
 * Keyed by the paths of router.tsx (a page added there is added here); `modules` are the page's
 * lazy modules, named as the build's manifest names them (relative to client/): the build fails
 * when one is not a lazy chunk.
 */
export interface PageNeeds {
  modules: readonly string[];
}

/**
 * The API answers every page asks for first, at the very address it asks (the browser hands the
 * preloaded answer to the page's own request): who is signed in (app-root.tsx), which most pages
 * wait for. No page announces one of its own: see the report form below.
 */
export const EVERY_PAGE_DATA = ['/api/user'] as const;

/** The bell and the person's links, in the header of every signed-in page (signed-in-shell.tsx). */
const HEADER = 'src/features/me/components/personal-links.tsx';

export const PAGE_MODULES: Readonly<Record<string, PageNeeds>> = {
  '/': { modules: ['src/app/routes/landing.tsx'] },
  '/auth': { modules: ['src/features/auth/components/credentials-login.tsx'] },
  '/auth/verify': { modules: ['src/features/auth/components/magic-link-verify.tsx'] },
  '/auth/verify-email': { modules: ['src/features/auth/components/email-verify.tsx'] },
  '/admin-login': { modules: ['src/features/auth/components/admin-login.tsx'] },
  '/change-password': { modules: ['src/features/auth/components/change-password.tsx'] },
  '/appa/:slug': { modules: ['src/features/auth/components/personal-login.tsx'] },
  // Not its report (`/api/appa/current`): a browser keeps a preloaded answer for the page's first
  // request of that address, and the page often asks only after the person signed in on their
  // personal link, when the answer preloaded without a session (a 401) would sign them out again.
  '/appa/:slug/submit': { modules: ['src/features/reports/components/report-page.tsx', HEADER] },
  '/admin-direct': { modules: ['src/features/demo/components/admin-direct.tsx'] },
  '/quick-admin': { modules: ['src/features/demo/components/quick-admin.tsx'] },
  '/admin': { modules: ['src/app/routes/admin-panel.tsx', HEADER] },
  '/super-admin': { modules: ['src/app/routes/control-pages.tsx', HEADER] },
  '/consejo-simple': { modules: ['src/app/routes/control-pages.tsx', HEADER] },
  '/consejo': { modules: ['src/app/routes/board-dashboard.tsx', HEADER] },
  '/vp': { modules: ['src/app/routes/vp-dashboard.tsx', HEADER] },
  '/gerente': { modules: ['src/app/routes/manager-dashboard.tsx', HEADER] },
  '/lider': { modules: ['src/app/routes/leader-dashboard.tsx', HEADER] },
  '/mis-reportes': { modules: ['src/app/routes/my-reports.tsx', HEADER] },
  '/cuenta': { modules: ['src/app/routes/account.tsx', HEADER] },
  '/reportes/:id': { modules: ['src/app/routes/my-reports.tsx', HEADER] },
  '/test': { modules: ['src/app/routes/static-pages.tsx'] },
  '/debug/:slug': { modules: ['src/app/routes/static-pages.tsx'] },
  // Any other address: the not-found page.
  '*': { modules: ['src/app/routes/static-pages.tsx'] },
};
