/** `apiVersion` as objects and discovery spell it: `group/version`, only the version for the core group. */
export function apiVersionOf(gv: { readonly group: string; readonly version: string }): string {
  return gv.group ? `${gv.group}/${gv.version}` : gv.version;
}
