import 'server-only';
// The Apple Wallet pass of one guest card (issue 20): a generic pass with the card's data and the
// same signed QR content as the printed card, German and English (pass.strings), signed with the
// Pass Type ID certificate and Apple's WWDR intermediate by passkit-generator. It names the web
// service so the phone registers for updates; a cancelled card comes as a voided pass.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PKPass } from 'passkit-generator';
import type { KarteInfo } from '@/lib/wire/kurkarte';
import type { AppleConfig } from '../config';
import { holder, PASS_TEXT, type PassLang } from '../pass-content';

export interface ApplePassInput {
  serial: string;
  authToken: string;
  karte: KarteInfo;
  voided: boolean;
  /** The portal's base URL; the web service answers under `<base>/wallet/v1/…`. */
  publicBaseUrl: string;
}

const IMAGES = ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png'];
let images: Record<string, Buffer> | undefined;

// process.cwd(), as for the card's fonts: Next's bundles relocate modules, every entry runs from the root.
function imageFiles(): Record<string, Buffer> {
  const dir = path.join(process.cwd(), 'lib', 'portal', 'wallet', 'images');
  images ??= Object.fromEntries(IMAGES.map((f) => [f, readFileSync(path.join(dir, f))]));
  return images;
}

/** Keys of pass.json's labels; pass.strings gives each its words per language. */
function strings(lang: PassLang, karte: KarteInfo): Record<string, string> {
  const t = PASS_TEXT[lang];
  return {
    // A group's holder line ("3 Personen") is a key too, so Wallet shows it in the phone's language.
    [groupKey(karte)]: holder(karte, lang),
    title: t.title,
    guest: t.guest,
    group: t.group,
    valid_from: t.validFrom,
    valid_until: t.validUntil,
    card_number: t.cardNumber,
    object: t.object,
    municipality: t.municipality,
    tariff: t.tariff,
    check: t.check,
    check_text: t.checkText,
  };
}

const groupKey = (k: KarteInfo) => `persons_${k.anzahl}`;

/** A date as Wallet reads it; `ignoresTimeZone` shows the calendar day wherever the phone is. */
const walletDate = (iso: string) => `${iso}T00:00:00Z`;

function passJson(cfg: AppleConfig, p: ApplePassInput): Record<string, unknown> {
  const k = p.karte;
  const date = { dateStyle: 'PKDateStyleMedium', ignoresTimeZone: true };
  return {
    formatVersion: 1,
    passTypeIdentifier: cfg.passTypeId,
    teamIdentifier: cfg.teamId,
    serialNumber: p.serial,
    organizationName: k.gemeinde,
    description: PASS_TEXT.de.description,
    logoText: 'title',
    backgroundColor: 'rgb(29, 78, 216)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(219, 234, 254)',
    webServiceURL: `${p.publicBaseUrl.replace(/\/+$/, '')}/wallet`,
    authenticationToken: p.authToken,
    ...(p.voided ? { voided: true } : {}),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: k.qr,
        messageEncoding: 'iso-8859-1',
        altText: k.kartennummer,
      },
    ],
    generic: {
      headerFields: [{ key: 'number', label: 'card_number', value: k.kartennummer }],
      primaryFields: [
        {
          key: 'holder',
          label: k.gast_name ? 'guest' : 'group',
          value: k.gast_name ?? groupKey(k),
        },
      ],
      secondaryFields: [
        { key: 'from', label: 'valid_from', value: walletDate(k.gueltig_von), ...date },
        { key: 'until', label: 'valid_until', value: walletDate(k.gueltig_bis), ...date },
      ],
      auxiliaryFields: [
        { key: 'object', label: 'object', value: k.objekt },
        { key: 'municipality', label: 'municipality', value: k.gemeinde },
      ],
      backFields: [
        { key: 'tariff', label: 'tariff', value: k.tarif },
        { key: 'check', label: 'check', value: 'check_text' },
      ],
    },
  };
}

/** The signed `.pkpass` (a zip: pass.json, images, pass.strings, manifest.json, signature). */
export function buildApplePass(cfg: AppleConfig, p: ApplePassInput): Buffer {
  const pass = new PKPass(
    { ...imageFiles(), 'pass.json': Buffer.from(JSON.stringify(passJson(cfg, p))) },
    {
      wwdr: cfg.wwdr,
      signerCert: cfg.signerCert,
      signerKey: cfg.signerKey,
      ...(cfg.signerKeyPassphrase ? { signerKeyPassphrase: cfg.signerKeyPassphrase } : {}),
    },
  );
  pass.localize('de', strings('de', p.karte));
  pass.localize('en', strings('en', p.karte));
  return pass.getAsBuffer();
}

export const PKPASS_TYPE = 'application/vnd.apple.pkpass';
