/** A value made on first use and kept: the long option lists are built once per page load, not per render. */
export const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
