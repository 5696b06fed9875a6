// The card's QR code: the vector drawing lives in lib/pdf/qr.ts, shared with the portal's
// check-in poster.
export { drawQr, qrMatrix, QUIET_ZONE_MODULES, type QrMatrix } from '../../pdf/qr';
