import type { Metadata, Viewport } from 'next';
import { getI18n } from '@/lib/portal/i18n/server';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const { m } = await getI18n();
  return {
    title: { default: m.common.appName, template: `%s · ${m.common.appName}` },
    description: m.common.tagline,
    manifest: '/manifest.webmanifest',
    icons: { apple: '/icons/apple-touch-icon.png' },
    appleWebApp: { capable: true, title: m.common.appName, statusBarStyle: 'default' },
  };
}

export const viewport: Viewport = { themeColor: '#1e40af' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const { lang } = await getI18n();
  return (
    <html lang={lang}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
