import type { Config } from 'tailwindcss';

// Loaded from app/globals.css with `@config` (Tailwind v4 does not read this file on its own).
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './pages/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef6ff',
          100: '#d9eaff',
          600: '#1d4ed8',
          700: '#1e40af',
          800: '#1e3a8a',
        },
      },
    },
  },
};

export default config;
