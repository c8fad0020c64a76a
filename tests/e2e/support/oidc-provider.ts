// A real OpenID Connect provider (the oidc-provider package) for the e2e run. Its development
// login form accepts any login; the login names the account, whose e-mail is <login>@<domain>
// unless the login already is an e-mail address.
import Provider from 'oidc-provider';

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export async function startOidcProvider(port: number, client: OidcClient): Promise<{ issuer: string; close(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['e2e-cookie-key-not-secret'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const email = sub.includes('@') ? sub : `${sub}@social.example.org`;
      return { accountId: sub, claims: async () => ({ sub, email, email_verified: true, name: 'Social User' }) };
    },
  });
  provider.proxy = false;
  const server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
