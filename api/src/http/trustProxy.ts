import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY as read by the config: false, true, a number of proxy hops, or addresses/CIDRs separated by commas. */
export type TrustProxySetting = boolean | number | string;

/**
 * Which hops of X-Forwarded-For to believe, for Fastify and the realtime server alike, so both see the
 * same client. A number n trusts the n nearest hops whatever their address (as Express does; this
 * Fastify's own reading of a number trusts none); null: believe no one, use the socket's address.
 */
export function trustProxyFunction(setting: TrustProxySetting | undefined): ((addr: string, hop: number) => boolean) | null {
  if (setting === undefined || setting === false) return null;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_addr, hop) => hop < setting;
  return proxyAddr.compile(setting.split(',').map((value) => value.trim()));
}
