/**
 * The web-address rule of spec 1 section 5: checked by pattern, with an optional scheme. Zod-free so forms and the
 * API share it. Only http(s) may be named, so a stored link can never be a javascript: or data: address.
 */
export const webAddressPattern = /^(https?:\/\/)?(localhost|([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:\d{1,5})?([/?#][^\s]*)?$/i;

export const isWebAddress = (value: string) => value.length <= 2048 && webAddressPattern.test(value.trim());

/** A link without a scheme opens as https, so `example.com/notes` works as the target of an anchor. */
export function withScheme(value: string) {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
