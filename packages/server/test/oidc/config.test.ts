import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

// Social login's configuration (server README, "Social login"): a provider half-configured stops the start with
// the reason, rather than failing at someone's login.

const base = {
  TAIKAI_PUBLIC_URL: 'https://taikai.example.org/',
  TAIKAI_OIDC_PROVIDERS: 'discord, Google',
  TAIKAI_OIDC_DISCORD_ISSUER: 'https://discord.com',
  TAIKAI_OIDC_DISCORD_CLIENT_ID: 'id-d',
  TAIKAI_OIDC_DISCORD_CLIENT_SECRET: 'secret-d',
  TAIKAI_OIDC_DISCORD_SCOPES: 'openid identify email',
  TAIKAI_OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
  TAIKAI_OIDC_GOOGLE_CLIENT_ID: 'id-g',
  TAIKAI_OIDC_GOOGLE_CLIENT_SECRET: 'secret-g',
  TAIKAI_OIDC_GOOGLE_LABEL: 'Google account',
};

describe('social login configuration', () => {
  it('reads each provider in order, with default label and scopes, and the public URL without its trailing slash', () => {
    const { oidc } = loadConfig(base);
    expect(oidc.publicUrl).toBe('https://taikai.example.org');
    expect(oidc.providers).toEqual([
      {
        id: 'discord',
        label: 'Discord',
        issuer: 'https://discord.com',
        clientId: 'id-d',
        clientSecret: 'secret-d',
        scopes: 'openid identify email',
      },
      {
        id: 'google',
        label: 'Google account',
        issuer: 'https://accounts.google.com',
        clientId: 'id-g',
        clientSecret: 'secret-g',
        scopes: 'openid email profile',
      },
    ]);
  });

  it('offers none when no provider is named', () => {
    expect(loadConfig({}).oidc.providers).toEqual([]);
  });

  it('refuses a provider without its secret, a plain-http issuer elsewhere, a bad id, or no public URL', () => {
    expect(() => loadConfig({ ...base, TAIKAI_OIDC_GOOGLE_CLIENT_SECRET: '' })).toThrow(
      'TAIKAI_OIDC_GOOGLE_CLIENT_SECRET',
    );
    expect(() => loadConfig({ ...base, TAIKAI_OIDC_GOOGLE_ISSUER: 'http://accounts.example.org' })).toThrow(
      'https',
    );
    expect(
      loadConfig({ ...base, TAIKAI_OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).oidc.providers[1].issuer,
    ).toBe('http://127.0.0.1:4000');
    expect(() => loadConfig({ ...base, TAIKAI_OIDC_PROVIDERS: 'disc ord' })).toThrow('not a provider id');
    expect(() => loadConfig({ ...base, TAIKAI_PUBLIC_URL: undefined })).toThrow('TAIKAI_PUBLIC_URL');
    expect(() => loadConfig({ ...base, TAIKAI_PUBLIC_URL: 'taikai.example.org' })).toThrow();
  });
});
