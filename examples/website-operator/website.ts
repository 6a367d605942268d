/**
 * The Website kind as its operator sees it: the TypeScript shape of what crd.yaml's schema allows,
 * and the ResourceType that types the client, informer and controller by it. The names here must
 * match crd.yaml (the tests check that they do).
 */
import { type Condition, type CustomResource, customResourceType } from '../../controllers/index.ts';

export interface WebsiteSpec {
  /** Immutable (a CEL transition rule in the CRD). */
  host: string;
  /** Defaulted to 1 by the schema; at most 3 unless `tier` is `large`. */
  replicas?: number;
  tier?: 'small' | 'large';
  /** Defaulted to nginx:1.27; never `:latest`. */
  image?: string;
  /** The site's index.html. */
  content?: string;
}

export interface WebsiteStatus {
  observedGeneration?: number;
  /** Pods that are ready (the scale subresource's status path). */
  replicas?: number;
  url?: string;
  conditions?: Condition[];
}

export type Website = CustomResource<WebsiteSpec, WebsiteStatus>;

export const WEBSITES = customResourceType<Website>({ group: 'example.com', version: 'v1', resource: 'websites', kind: 'Website' });

/** Held on every Website until its entry in the directory is removed. */
export const DIRECTORY_FINALIZER = 'example.com/directory-entry';
/** The label the children and their pods carry: the Website's name. */
export const WEBSITE_LABEL = 'example.com/website';
/** Events' `reportingController`, and the field manager of the operator's writes. */
export const OPERATOR_NAME = 'example.com/website-operator';
