import { lazy, useState, type ComponentType } from 'react';

// Props are the loaded component's own; this module only passes them through.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of components of any props
type AnyComponent = ComponentType<any>;
export type ComponentLoad<C extends AnyComponent = AnyComponent> = () => Promise<{ default: C }>;

const loaded = new WeakMap<ComponentLoad, AnyComponent>();

/**
 * Runs `load` and remembers the component it gives, so that whatever renders it after it has arrived (a
 * screen preloaded at start-up, issue 12) shows it at once. React.lazy suspends on its first render even
 * when the module is already here, and React then holds the content back behind the fallback for up to
 * 300 ms (its Suspense throttle): that wait came between the preloaded first screen and the phone's screen.
 */
export function loadComponent<C extends AnyComponent>(load: ComponentLoad<C>): Promise<{ default: C }> {
  return load().then((module) => {
    loaded.set(load, module.default);
    return module;
  });
}

/** The component of `load` if loadComponent has loaded it already. */
export function loadedComponent<C extends AnyComponent>(load: ComponentLoad<C>): C | undefined {
  return loaded.get(load) as C | undefined;
}

/** How each lazy component whose load failed starts anew. */
const retries = new Set<() => void>();

/**
 * Lets every lazy component whose download failed load anew when it is next rendered: a Retry's. React.lazy
 * keeps a failed load for good, so a download that failed once (a dropped connection) failed again on
 * every Retry, and on every later visit, until a reload. Only on a Retry: React renders a failed part again
 * by itself, which would otherwise start a new download each time while offline.
 */
export function retryFailedLoads(): void {
  for (const retry of retries) retry();
}

/**
 * React.lazy of `load`, except that once loaded (by loadComponent, anywhere) it renders at once, without
 * suspending. Each place it is rendered keeps the way it started with: in a transition React waits for the
 * module and then renders only the lazy part again, so a place that began with the lazy component commits
 * it, resolved. Switching that place to the loaded component on its next render would be another element
 * type, and React would mount the screen anew, losing its state: after a login, the layout came back
 * a moment later with the phone's menu the user had just opened shut.
 */
export function lazyComponent<C extends AnyComponent>(load: ComponentLoad<C>): ComponentType<React.ComponentProps<C>> {
  let failed = false;
  const lazyLoad = () =>
    lazy(() =>
      loadComponent(load).catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let Lazy = lazyLoad();
  retries.add(() => {
    if (!failed) return;
    failed = false;
    Lazy = lazyLoad();
  });
  function LazyComponent(props: React.ComponentProps<C>) {
    const [Loaded] = useState<AnyComponent | undefined>(() => loadedComponent(load));
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return LazyComponent;
}
