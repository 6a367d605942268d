/**
 * Static bearer tokens (`--token-auth-file`): a CSV file of `token,user,uid,"group1,group2"` lines,
 * the real format. Blank lines and lines starting with `#` are skipped.
 */
import type { Authenticator } from './authenticator.ts';
import { bearerToken } from './authenticator.ts';
import type { UserInfo } from './user.ts';

export class TokenFileError extends Error {}

/** One CSV record, with quoted fields (`""` is a quote inside one). */
function csvRecord(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        if (i >= line.length) throw new TokenFileError(`extraneous or missing " in quoted-field`);
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            v += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        v += line[i++];
      }
      out.push(v);
      if (i < line.length && line[i] !== ',') throw new TokenFileError(`extraneous or missing " in quoted-field`);
      i++;
    } else {
      const end = line.indexOf(',', i);
      const stop = end < 0 ? line.length : end;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
}

export function parseTokenFile(text: string): Map<string, UserInfo> {
  const tokens = new Map<string, UserInfo>();
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const rec = csvRecord(line);
    if (rec.length < 3)
      throw new TokenFileError(`token file: line ${i + 1}: must have at least 3 columns (token, user, uid), found ${rec.length}`);
    const [token, name, uid, groups] = rec;
    if (!token) throw new TokenFileError(`token file: line ${i + 1}: empty token`);
    if (tokens.has(token)) throw new TokenFileError(`token file: line ${i + 1}: duplicate token`);
    tokens.set(token, {
      name,
      ...(uid ? { uid } : {}),
      groups: groups
        ? groups
            .split(',')
            .map((g) => g.trim())
            .filter(Boolean)
        : [],
    });
  });
  return tokens;
}

export function tokenFileAuthenticator(tokens: ReadonlyMap<string, UserInfo>): Authenticator {
  return {
    authenticate(req) {
      const token = bearerToken(req);
      if (token === undefined) return undefined;
      const user = tokens.get(token);
      // A token this file does not know may be another authenticator's (a JWT): no opinion.
      return user ? { user } : undefined;
    },
  };
}
