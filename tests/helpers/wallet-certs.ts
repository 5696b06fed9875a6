// Test stand-ins for the wallets' credentials (issue 20), made fresh in each run: a self-signed CA
// in the place of Apple's WWDR intermediate, a Pass Type ID certificate it signed with its key, an
// APNs token key (P-256) and a Google service account key (RSA). No Apple or Google account.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface WalletTestCredentials {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  apnsKey: string;
  googleKey: string;
  googlePublicKey: string;
  googleServiceAccount: string;
}

function rsa(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

function certificate(opts: {
  subject: string;
  issuer: string;
  publicKey: string;
  signingKey: string;
  serial: string;
  ca: boolean;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(opts.publicKey);
  cert.serialNumber = opts.serial;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: opts.subject }]);
  cert.setIssuer([{ name: 'commonName', value: opts.issuer }]);
  cert.setExtensions(
    opts.ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem(opts.signingKey), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

export function walletTestCredentials(): WalletTestCredentials {
  const ca = rsa();
  const signer = rsa();
  const issuer = 'Test WWDR Stand-in G4';
  const wwdr = certificate({
    subject: issuer,
    issuer,
    publicKey: ca.publicKey,
    signingKey: ca.privateKey,
    serial: '01',
    ca: true,
  });
  const signerCert = certificate({
    subject: 'Pass Type ID: pass.de.meldeportal.test',
    issuer,
    publicKey: signer.publicKey,
    signingKey: ca.privateKey,
    serial: '02',
    ca: false,
  });
  const apns = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const google = rsa();
  return {
    wwdr,
    signerCert,
    signerKey: signer.privateKey,
    apnsKey: apns.privateKey,
    googleKey: google.privateKey,
    googlePublicKey: google.publicKey,
    googleServiceAccount: JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@meldeportal-test.iam.gserviceaccount.com',
      private_key: google.privateKey,
    }),
  };
}
