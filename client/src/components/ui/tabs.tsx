import * as TabsPrimitive from '@radix-ui/react-tabs';
import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Tabs = TabsPrimitive.Root;

/** The row of tabs; on a narrow screen it scrolls sideways by itself instead of the page. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const list = useRef<HTMLDivElement>(null);
  const shown = useRef<Element | null>(null);
  // On a phone the list scrolls sideways: keep the open tab in view (a link to ?tab=configuracion
  // would otherwise open with its tab hidden off to the right).
  useLayoutEffect(() => {
    const active = list.current?.querySelector('[role="tab"][data-state="active"]') ?? null;
    if (active && active !== shown.current) {
      shown.current = active;
      const box = list.current;
      if (box && box.scrollWidth > box.clientWidth) {
        const tab = active.getBoundingClientRect();
        const frame = box.getBoundingClientRect();
        box.scrollLeft += tab.left - frame.left - (frame.width - tab.width) / 2;
      }
    }
  });
  return (
    <TabsPrimitive.List
      ref={list}
      className={cn(
        'flex w-full max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-6 outline-none', className)} {...props} />;
}
