import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config, SocialProviderId } from '../config';

/** Hosts the payment flow posts forms to; PayPal's are added with the payments issue. */
const PAYMENT_FORM_HOSTS: string[] = [];

/**
 * Image hosts of the avatars a social sign-up stores as the profile picture (the provider's `picture`
 * claim), allowed only when that provider is configured. Uploaded files are served from this origin
 * (/files); an S3 / CDN origin joins `img-src` here once such a setting exists.
 */
const SOCIAL_AVATAR_HOSTS: Record<SocialProviderId, string[]> = {
  google: ['https://*.googleusercontent.com'],
  auth0: ['https://s.gravatar.com', 'https://cdn.auth0.com'],
};

/** The socket.io origin: this server's own, as ws: or wss: (older browsers do not count it in 'self'). */
function sameOriginWebSocket(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * The headers helmet sets for `options`, computed once (they depend on the configuration only; the
 * Fastify wrapper would rebuild them on every request).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers, including a Content-Security-Policy the built SPA runs under, on every response. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const avatarHosts = (Object.keys(config.socialProviders) as SocialProviderId[]).flatMap((id) => SOCIAL_AVATAR_HOSTS[id]);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-select and react-toastify inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images: this origin (the SPA, /files uploads), data: and blob: (the avatar cropper), avatars of configured social sign-in.
        imgSrc: ["'self'", 'data:', 'blob:', ...new Set(avatarHosts)],
        // API calls and socket.io (polling and websocket) go to this origin only.
        connectSrc: ["'self'", sameOriginWebSocket(config.publicUrl)],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...PAYMENT_FORM_HOSTS],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense when the public address is HTTPS.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
