/** The client's version: the API release it speaks (v1.32), as `orchctl version --client` prints it. */
export const CLIENT_VERSION = 'v1.32.0';
export const KUSTOMIZE_VERSION = 'v5.5.0';
