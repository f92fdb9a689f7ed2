import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useHref, useLocation, useMatches } from 'react-router-dom';
import type { MetaTagResponse } from '../../schema/contracts/site';
import { tenantNameAtom } from '../entities/tenant/atoms';
import { afterFirstPaint } from '../lib/after-first-paint';
import { api } from '../lib/api';
import { pageTitleOverrideAtom } from '../lib/page-title';
import { withoutTrailingSlash } from '../lib/paths';

function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

function setDescription(content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** "Schedule · BrightPath Tutors": the route's own title (its handle in web/router.tsx), then the tenant's name. */
export function pageTitle(title: string | undefined, tenantName: string) {
  return [title, tenantName].filter(Boolean).join(' · ');
}

/** Every page names itself in the tab, the history and the installed app's window; the landing page is the name alone. */
export function usePageTitle() {
  const name = useAtomValue(tenantNameAtom);
  const override = useAtomValue(pageTitleOverrideAtom);
  const routeTitle = useMatches()
    .map((match) => (match.handle as { title?: string } | undefined)?.title)
    .findLast(Boolean);
  const title = override ?? routeTitle;
  useEffect(() => {
    document.title = pageTitle(title, name);
  }, [title, name]);
}

/**
 * On every route change: the canonical link (origin + path without a trailing slash), and the page's title and
 * description from POST /api/meta-tags/get when it has both (spec 1, section 2): the tenant's own words for a public
 * page replace the title usePageTitle gave it.
 */
export function usePageMeta() {
  const { pathname } = useLocation();
  const fullPath = withoutTrailingSlash(useHref(pathname));

  useEffect(() => {
    setCanonical(`${window.location.origin}${fullPath}`);
    const controller = new AbortController();
    // The request waits until the page has painted: a reload into the lesson room shows the room sooner.
    afterFirstPaint()
      .then(() => {
        controller.signal.throwIfAborted();
        return api<MetaTagResponse>('/meta-tags/get', { method: 'POST', json: { path: encodeURIComponent(fullPath) }, signal: controller.signal });
      })
      .then(({ title, description }) => {
        if (!title || !description) return;
        document.title = title;
        setDescription(description);
      })
      // Missing meta tags leave the defaults in place; it is not worth interrupting the visitor for.
      .catch(() => undefined);
    return () => controller.abort();
  }, [fullPath]);
}

export function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
