import type { Metadata } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: 'Meldeportal',
  description: 'Elektronische Meldescheine und Kurtaxe für Vermieter',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="de">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
