// A run's credentials: the token providers built from the auth settings, and what the auth checks may use.
import type { Dispatcher } from 'undici';
import type { ApiAuth } from '../../profile/target.js';
import { ClientCredentialsTokenProvider, type ClientAuth } from './token-provider.js';
import { createDispatcher, type ProxyEnv, type TlsMaterial } from './transport.js';
import type { Redactor } from '../../report/secrets.js';

/** OAuth2 client credentials settings, resolved from flags, the profile's `auth:` and the environment. */
interface OAuth2Settings {
  tokenUrl: string;
  clientId: string;
  clientAuth: ClientAuth;
  /** Scopes for the run's token (space-separated); absent: the server's default. */
  scope?: string;
  /** Scopes of a second, narrower token that lacks what reading the profile's resources needs (auth.missing-scope). */
  narrowScope?: string;
}

export interface RunAuthSettings {
  oauth2?: OAuth2Settings;
  /** A token the server must refuse as expired (auth.expired-token). */
  expiredToken?: string;
  /** Requests carry a fixed Authorization header (--header): protected, but no token to narrow. */
  staticAuthorization?: boolean;
  /** The scheme of that header when it is no Bearer token (e.g. Basic). */
  staticScheme?: string;
}

interface AuthSession {
  /** The Authorization value of every request to the base origin. */
  authorization?: () => Promise<string>;
  /** What the auth checks see on the api target; undefined: the run treats the API as open. */
  api?: ApiAuth;
  close(): Promise<void>;
}

/** Token requests go through their own dispatcher with the run's TLS material and proxy. */
export function openAuthSession(
  settings: RunAuthSettings | undefined,
  transport: { timeoutMs: number; tls?: TlsMaterial; proxy?: ProxyEnv },
  secrets?: Redactor,
): AuthSession {
  const oauth2 = settings?.oauth2;
  if (!oauth2) {
    const api: ApiAuth | undefined = settings?.staticAuthorization
      ? {
          ...(settings.expiredToken ? { expiredToken: settings.expiredToken } : {}),
          ...(settings.staticScheme ? { scheme: settings.staticScheme } : {}),
        }
      : undefined;
    return { ...(api ? { api } : {}), close: async () => {} };
  }
  const dispatcher: Dispatcher = createDispatcher({
    connections: 2,
    timeoutMs: transport.timeoutMs,
    ...(transport.tls ? { tls: transport.tls } : {}),
    ...(transport.proxy ? { proxy: transport.proxy } : {}),
  });
  const provider = (scope: string | undefined) =>
    new ClientCredentialsTokenProvider({
      tokenUrl: oauth2.tokenUrl,
      clientId: oauth2.clientId,
      auth: oauth2.clientAuth,
      dispatcher,
      timeoutMs: transport.timeoutMs,
      ...(scope ? { scope } : {}),
      ...(secrets ? { secrets } : {}),
    });
  const main = provider(oauth2.scope);
  const narrow = oauth2.narrowScope ? provider(oauth2.narrowScope) : undefined;
  const api: ApiAuth = {
    ...(narrow && oauth2.narrowScope
      ? {
          narrow: {
            scope: oauth2.narrowScope,
            authorization: () => narrow.authorization(),
            grantedScope: () => narrow.grantedScope(),
          },
        }
      : {}),
    ...(settings.expiredToken ? { expiredToken: settings.expiredToken } : {}),
  };
  return {
    authorization: () => main.authorization(),
    api,
    close: async () => {
      main.dispose();
      narrow?.dispose();
      await dispatcher.destroy().catch(() => undefined);
    },
  };
}
