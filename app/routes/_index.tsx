import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getHeroContent } from "~/models/hero.server";

export const meta: MetaFunction = () => [{ title: "Kestrel Insight" }];

export async function loader() {
  return { hero: await getHeroContent() };
}

export default function Home() {
  const { hero } = useLoaderData<typeof loader>();
  return (
    <main className="bg-navy-950 text-white">
      <section className="container-page py-24">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{hero.title}</h1>
        <p className="mt-6 max-w-2xl text-lg text-navy-200">{hero.subtitle}</p>
        <a
          className="mt-8 inline-block rounded-md bg-accent-500 px-5 py-3 font-medium text-navy-950"
          href={hero.primaryCtaUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {hero.primaryCtaText}
        </a>
      </section>
    </main>
  );
}
