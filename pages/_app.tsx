// The Pages Router serves only the guest's check-in and card pages and the card check (decision
// 022): the portal's styles, nothing else around the page.
import type { AppProps } from 'next/app';
import '@/app/globals.css';

export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
