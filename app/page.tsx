export default function Home() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-2xl font-semibold">Meldeportal</h1>
      <p className="mt-2">Elektronische Meldescheine und Kurtaxe.</p>
    </main>
  );
}
