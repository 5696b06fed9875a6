// The Apple Wallet pass of a guest card (issue 20), signed with test credentials: a self-signed
// CA stands in for Apple's WWDR intermediate. Checked with openssl, as Wallet checks it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApplePass } from '@/lib/portal/wallet/apple/pass';
import type { AppleConfig } from '@/lib/portal/wallet/config';
import { walletTestCredentials } from '../helpers/wallet-certs';
import { karte } from './fixtures';

const creds = walletTestCredentials();
const cfg: AppleConfig = {
  passTypeId: 'pass.de.meldeportal.test',
  teamId: 'TEAM123456',
  signerCert: creds.signerCert,
  signerKey: creds.signerKey,
  wwdr: creds.wwdr,
  apnsHost: 'http://127.0.0.1:1',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The pass unzipped into a temporary folder; file name -> bytes, with the folder. */
function unpack(pkpass: Buffer): { dir: string; files: Map<string, Buffer> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkpass-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'pass.zip'), pkpass);
  const out = path.join(dir, 'x');
  execFileSync('unzip', ['-q', path.join(dir, 'pass.zip'), '-d', out]);
  const files = new Map<string, Buffer>();
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(out, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(out, rel)).isDirectory()) walk(rel);
      else files.set(rel, readFileSync(path.join(out, rel)));
    }
  };
  walk('');
  return { dir: out, files };
}

const input = { serial: 'a3c5e0a2-6c4b-4d36-9b47-3f8a3c7f1c11', authToken: 'x'.repeat(32), karte };

describe('buildApplePass', () => {
  it('signs a pass whose manifest hashes every file and whose signature verifies against the chain', () => {
    const { dir, files } = unpack(
      buildApplePass(cfg, { ...input, voided: false, publicBaseUrl: 'https://portal.example.de' }),
    );
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
    const listed = [...files.keys()].filter((f) => f !== 'manifest.json' && f !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const [name, hash] of Object.entries(manifest)) {
      expect(createHash('sha1').update(files.get(name)!).digest('hex')).toBe(hash);
    }
    expect(listed).toEqual(
      expect.arrayContaining([
        'pass.json',
        'icon.png',
        'icon@2x.png',
        'logo.png',
        'de.lproj/pass.strings',
        'en.lproj/pass.strings',
      ]),
    );

    const ca = path.join(dir, '..', 'wwdr.pem');
    writeFileSync(ca, creds.wwdr);
    // Detached PKCS#7 over manifest.json, checked up to the stand-in WWDR certificate.
    verifySignature(dir, ca);
    // A changed manifest no longer verifies.
    writeFileSync(path.join(dir, 'manifest.json'), '{}');
    expect(() => verifySignature(dir, ca)).toThrow();
  });

  it('carries the card: required fields, the same QR content, the web service, German and English', () => {
    const { files } = unpack(
      buildApplePass(cfg, { ...input, voided: false, publicBaseUrl: 'https://portal.example.de/' }),
    );
    const pass = JSON.parse(files.get('pass.json')!.toString()) as Record<string, unknown>;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: cfg.passTypeId,
      teamIdentifier: cfg.teamId,
      serialNumber: input.serial,
      organizationName: 'Seeblick',
      description: expect.any(String),
      webServiceURL: 'https://portal.example.de/wallet',
      authenticationToken: input.authToken,
      barcodes: [expect.objectContaining({ format: 'PKBarcodeFormatQR', message: karte.qr })],
    });
    expect(pass.voided).toBeUndefined();
    const text = JSON.stringify(pass.generic);
    for (const shown of [
      'Łukasz Żółć',
      '2026-000017-1',
      'Ferienwohnung Möwe',
      '2026-07-14',
      '2026-07-17',
    ])
      expect(text).toContain(shown);
    // pass.strings are UTF-16 or UTF-8 text; either way they name the labels in both languages.
    const strings = (lang: string) => {
      const raw = files.get(`${lang}.lproj/pass.strings`)!;
      return raw[0] === 0xff && raw[1] === 0xfe
        ? raw.subarray(2).toString('utf16le')
        : raw.toString();
    };
    expect(strings('de')).toContain('"valid_until" = "Gültig bis";');
    expect(strings('en')).toContain('"valid_until" = "Valid until";');
  });

  it('names a group by its persons in either language', () => {
    const group = { ...karte, gast_name: null, anzahl: 3 };
    const { files } = unpack(
      buildApplePass(cfg, {
        ...input,
        karte: group,
        voided: false,
        publicBaseUrl: 'https://p.example',
      }),
    );
    const pass = JSON.parse(files.get('pass.json')!.toString()) as {
      generic: { primaryFields: { value: string }[] };
    };
    const key = pass.generic.primaryFields[0]!.value;
    expect(files.get('de.lproj/pass.strings')!.toString()).toContain(`"${key}" = "3 Personen";`);
    expect(files.get('en.lproj/pass.strings')!.toString()).toContain(`"${key}" = "3 persons";`);
  });

  it('voids the pass of a cancelled card', () => {
    const { files } = unpack(
      buildApplePass(cfg, { ...input, voided: true, publicBaseUrl: 'https://portal.example.de' }),
    );
    expect(JSON.parse(files.get('pass.json')!.toString())).toMatchObject({ voided: true });
  });
});

/** Detached PKCS#7 over manifest.json, checked up to the stand-in WWDR certificate (throws if not). */
function verifySignature(dir: string, ca: string): void {
  execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'signature'),
      '-content',
      path.join(dir, 'manifest.json'),
      '-CAfile',
      ca,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { stdio: 'pipe' },
  );
}
