import { lazy, Suspense, useEffect, useState } from "react";
import { INSTALL_READY_EVENT, type PromptWindow } from "./install-capture.ts";

const Banner = lazy(() => import("./install-banner.tsx").then((m) => ({ default: m.InstallBanner })));

/**
 * The install-as-app banner, loaded only once the browser has offered to install (most visits
 * it never does, and then the banner's code is never downloaded). Until then it renders nothing,
 * as the banner itself would; the banner takes the kept prompt when it mounts.
 */
export function InstallBanner({ aboveNav }: { aboveNav: boolean }) {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    if ((window as PromptWindow).__installPrompt) return setOffered(true);
    const offer = () => setOffered(true);
    window.addEventListener(INSTALL_READY_EVENT, offer);
    return () => window.removeEventListener(INSTALL_READY_EVENT, offer);
  }, []);
  return offered ? (
    <Suspense fallback={null}>
      <Banner aboveNav={aboveNav} />
    </Suspense>
  ) : null;
}
