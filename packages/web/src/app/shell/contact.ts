import { useSiteConfig } from '../../api/queries';

/**
 * The operator's contact (`TAIKAI_CONTACT`, from `fetch_site_config`) as a link: a URL as is, a bare e-mail
 * address as mailto; undefined when the operator set none, so no placeholder is ever shown.
 */
export function contactHref(contact: string | undefined): string | undefined {
  const value = contact?.trim();
  if (!value) return undefined;
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `mailto:${value}`;
}

/** The operator's contact link, once the site config has loaded and if the operator set one. */
export function useContactHref(): string | undefined {
  return contactHref(useSiteConfig().data?.contact);
}
