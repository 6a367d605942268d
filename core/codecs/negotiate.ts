/**
 * Content negotiation: the Accept list in order (q values, `*` wildcards), the format's support
 * for the kind, and the spelling the client used (an alias asked for is the alias answered).
 */
import { StatusError } from '../errors/status-error.ts';
import type { KindDefinition } from '../registry/definition.ts';
import { essence, parseAccept, parseMediaType, type MediaType, wellFormedParams } from './media-type.ts';
import type { Serializer } from './serializer.ts';

export interface Negotiated {
  readonly serializer: Serializer;
  /** The Content-Type to answer with. */
  readonly contentType: string;
  /** The Accept entry that matched (its parameters select variants such as Table). */
  readonly accepted: MediaType;
}

/** Variants selected by Accept parameters (`as=Table;g=meta.orch.io;v=v1`) are offered by resolvers. */
export interface VariantResolver {
  /** Returns a serializer when this resolver handles the entry's parameters. */
  resolve(mt: MediaType, def: KindDefinition | undefined, watch: boolean): Serializer | undefined;
}

const IGNORED_PARAMS = new Set(['charset', 'pretty']);

export class Codecs {
  private readonly byType = new Map<string, Serializer>();

  private readonly serializers: readonly Serializer[];

  constructor(
    serializers: readonly Serializer[],
    private readonly variants: readonly VariantResolver[] = [],
  ) {
    // One entry per media type (an extension may install a format the core already has).
    this.serializers = serializers.filter((s, i) => serializers.findIndex((o) => o.mediaType === s.mediaType) === i);
    for (const s of this.serializers) {
      this.byType.set(s.mediaType, s);
      for (const a of s.aliases) this.byType.set(a, s);
    }
  }

  get default(): Serializer {
    return this.serializers[0];
  }

  /**
   * The response format for an Accept header, or 406 listing what is supported. Without
   * `variants` (for errors, which the real platform never transforms), entries asking for one
   * are passed over.
   */
  forResponse(accept: string | null, def: KindDefinition | undefined, watch: boolean, variants = true): Negotiated {
    for (const mt of parseAccept(accept)) {
      for (const v of variants ? this.variants : []) {
        const s = v.resolve(mt, def, watch);
        if (s) return { serializer: s, contentType: (watch ? s.streamMediaType : s.contentType) ?? s.mediaType, accepted: mt };
      }
      const plain = [...mt.params.keys()].every((k) => IGNORED_PARAMS.has(k) || k === 'stream');
      if (!plain) continue;
      const e = essence(mt);
      if (e === '*/*' || e === 'application/*') {
        const s = this.serializers.find((x) => x.supports(def) && (!watch || x.streamMediaType));
        if (s) return { serializer: s, contentType: watch ? s.streamMediaType! : s.mediaType, accepted: mt };
        continue;
      }
      const s = this.byType.get(e);
      if (!s?.supports(def)) continue;
      if (watch && !s.streamMediaType) continue;
      if (mt.params.has('stream') && (!watch || mt.params.get('stream') !== 'watch')) continue;
      const spelled = e === s.mediaType ? s.mediaType : e;
      const contentType = watch ? s.streamMediaType!.replace(s.mediaType, spelled) : spelled;
      return { serializer: s, contentType, accepted: mt };
    }
    throw StatusError.notAcceptable(this.supported(def, watch));
  }

  /** The request body format for a Content-Type, or 415. */
  forRequest(contentType: string | null, def: KindDefinition | undefined, allowed?: readonly string[]): Serializer {
    if (!contentType) return this.default;
    const mt = wellFormedParams(contentType) ? parseMediaType(contentType) : undefined;
    const s = mt ? this.byType.get(essence(mt)) : undefined;
    if (!s?.supports(def) || (allowed && !allowed.includes(s.mediaType))) {
      throw StatusError.unsupportedMediaType(contentType, this.supported(def, false));
    }
    return s;
  }

  supported(def: KindDefinition | undefined, watch: boolean): string[] {
    return this.serializers
      .filter((s) => s.supports(def) && (!watch || s.streamMediaType))
      .map((s) => (watch ? s.streamMediaType! : s.mediaType));
  }
}
