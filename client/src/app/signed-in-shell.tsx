import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { AppShell } from '@/components/layouts/app-shell';

/**
 * The person's links and bell, loaded beside the page rather than with the app: the sign-in pages,
 * which every visit starts on, never carry them. When their code cannot be fetched (a blip, a new
 * deploy) the header goes without them rather than the page failing: the form holds typed text.
 */
const LazyPersonalLinks = lazy((): Promise<{ default: ComponentType<{ form?: boolean }> }> =>
  import('@/features/me/components/personal-links').then(
    (m) => ({ default: m.PersonalLinks }),
    () => ({ default: () => null }),
  ),
);

/** The header's links and bell; nothing while their code arrives. */
export function PersonalLinks({ form }: { form?: boolean }) {
  return (
    <Suspense fallback={null}>
      <LazyPersonalLinks form={form} />
    </Suspense>
  );
}

/** The frame of every signed-in page: the app shell with the person's links and bell. */
export function SignedInShell({ children }: { children: ReactNode }) {
  return <AppShell nav={<PersonalLinks />}>{children}</AppShell>;
}
