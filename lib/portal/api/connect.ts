import '#server-only';
// The one place that chooses a client for a municipality's system: each system names its protocol
// (systems.ts, from MELDESCHEIN_SYSTEMS or MELDESCHEIN_API_URL), each protocol has one
// implementation of the client (client.ts) and its own sign-in. The session seals what the
// sign-in gives (lib/portal/session) and hands it back here for every call.
import type { CardCheckResponse } from '@/lib/wire/kurkarte';
import type { MeldescheinClient, Protocol, ServiceCredential, SystemAddress } from './client';
import { AvsClient, signInWithBasic } from './avs/client';
import { HttpClient, signInWithToken } from './http';
import { defaultSystem } from './service-url';

interface Implementation {
  /** Checks a landlord's username (or e-mail) and password; what the session is to seal. */
  signIn(
    url: string,
    username: string,
    password: string,
    browserAddress?: string,
  ): Promise<ServiceCredential>;
  /** A client acting with a sealed credential; null: the calls that need none. */
  client(url: string, credential: string | null): MeldescheinClient;
}

const IMPLEMENTATIONS: Record<Protocol, Implementation> = {
  meldeschein: {
    signIn: signInWithToken,
    client: (url, credential) => new HttpClient(url, credential),
  },
  avs: {
    signIn: (url, username, password, browserAddress) =>
      signInWithBasic(url, username, password, browserAddress),
    client: (url, credential) => new AvsClient(url, credential),
  },
};

export function clientFor(system: SystemAddress, credential: string | null): MeldescheinClient {
  return IMPLEMENTATIONS[system.protocol].client(system.url, credential);
}

/**
 * Signs in at a system. `browserAddress` goes along where the protocol can carry it: the service
 * counts failed sign-ins per client address (decision 010).
 */
export function signInAt(
  system: SystemAddress,
  username: string,
  password: string,
  browserAddress?: string,
): Promise<ServiceCredential> {
  return IMPLEMENTATIONS[system.protocol].signIn(system.url, username, password, browserAddress);
}

/**
 * The public check of a guest card's QR code, at the default system (this app's service unless
 * MELDESCHEIN_API_URL names another), where the card ids are signed.
 */
export function checkCard(card: string): Promise<CardCheckResponse> {
  return clientFor(defaultSystem(), null).checkCard(card);
}
