/** "On this page": links to a long page's sections, by their ids. */
export function OnThisPage({ sections }: { sections: Array<{ id: string; label: string }> }) {
  return (
    <nav aria-label="On this page" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {sections.map((section) => (
        <a key={section.id} href={`#${section.id}`} className="text-brand-700 underline underline-offset-2">
          {section.label}
        </a>
      ))}
    </nav>
  );
}
