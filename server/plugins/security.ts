import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { isValidSlug } from '../../domain/validation/campaign';
import type { Config, SocialProviderId } from '../config';
import { s3BrowserOrigin } from '../modules/storage/s3-browser-origin';

/**
 * Hosts the payment flow posts forms to: none (the donor reaches PayPal's approval page by a plain
 * navigation, and PayPal's JS SDK buttons open their own window).
 */
const PAYMENT_FORM_HOSTS: string[] = [];

/**
 * What PayPal's JS SDK buttons load (https://developer.paypal.com/sdk/js/best-practices, CSP): the
 * script from www.paypal.com, its iframes and calls on *.paypal.com, assets on *.paypalobjects.com.
 * Allowed only on the document of a public giving page /{slug} (see `isGivingPageDocument`).
 */
const PAYPAL_SDK_HOSTS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * Whether a request loads the SPA document of a public giving page /{slug} or /pay-your-donation (the
 * pages that run PayPal's JS SDK): a GET/HEAD asking for HTML whose path is one segment shaped like a slug and not
 * reserved (a slug never shadows an SPA route or an API prefix, domain/validation/campaign.ts).
 * Other documents keep the site policy; a giving page reached inside the SPA from one of them finds
 * the SDK blocked and offers the redirect to PayPal's approval page instead.
 */
export function isGivingPageDocument(request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!String(request.headers.accept ?? '').includes('text/html')) return false;
  const match = /^\/([^/?#]+)\/?(?:[?#]|$)/.exec(request.url);
  if (!match) return false;
  return match[1] === 'pay-your-donation' || isValidSlug(match[1]!.toLowerCase());
}

/**
 * Image hosts of the avatars a social sign-up stores as the profile picture (the provider's `picture`
 * claim), allowed only when that provider is configured. Uploaded files are served from this origin
 * (/files); an S3 / CDN origin joins `img-src` here once such a setting exists.
 */
const SOCIAL_AVATAR_HOSTS: Record<SocialProviderId, string[]> = {
  google: ['https://*.googleusercontent.com'],
  auth0: ['https://s.gravatar.com', 'https://cdn.auth0.com'],
};

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

/**
 * Security headers, including a Content-Security-Policy the built SPA runs under, on every response;
 * the document of a public giving page also lets PayPal's JS SDK in (PAYPAL_SDK_HOSTS).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmetHeaders(securityOptions(config, []));
  const givingPageHeaders = helmetHeaders(securityOptions(config, PAYPAL_SDK_HOSTS));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isGivingPageDocument(request) ? givingPageHeaders : headers);
    done();
  });
}

/** The helmet options: the site policy, plus `paypalHosts` for scripts, frames, calls and images. */
function securityOptions(config: Config, paypalHosts: string[]): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  const avatarHosts = (Object.keys(config.socialProviders) as SocialProviderId[]).flatMap((id) => SOCIAL_AVATAR_HOSTS[id]);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paypalHosts],
        // react-select and react-toastify inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images: this origin (the SPA, /files uploads), data: and blob: (the avatar cropper), avatars of configured social sign-in.
        imgSrc: ["'self'", 'data:', 'blob:', ...new Set(avatarHosts), ...paypalHosts],
        // API calls, signed uploads and socket.io (polling and websocket) go to the origin the page was
        // opened at, whatever PUBLIC_URL says ('self' covers same-origin ws:/wss: in CSP Level 3); with
        // S3_BUCKET, uploads go to S3's presigned URLs; PayPal's SDK talks to PayPal.
        connectSrc: ["'self'", ...(config.s3 ? [s3BrowserOrigin(config.s3)] : []), ...paypalHosts],
        // PayPal's buttons are iframes; without them frames fall back to default-src ('self').
        ...(paypalHosts.length > 0 ? { frameSrc: ["'self'", ...paypalHosts] } : {}),
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...PAYMENT_FORM_HOSTS],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // PayPal's buttons open PayPal in a popup that answers through window.opener: 'same-origin' (helmet's default) would cut it off.
    ...(paypalHosts.length > 0 ? { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const } } : {}),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense when the public address is HTTPS.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
}
