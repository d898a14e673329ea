import fs from "node:fs";
import { parse } from "yaml";
import { z } from "zod";

const ComponentEntry = z
  .object({
    key: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "must be lower-case letters, digits and dashes"),
    label: z.string().min(1).max(100),
    section: z.string().min(1).max(100).default("Platform"),
    icon: z.string().min(1).max(50).default("component"),
    namespace: z.string().min(1).max(63),
    selector: z.string().min(1).max(500),
    launchUrl: z.string().min(1).max(2000).optional(),
    chartUrl: z.string().min(1).max(2000).optional(),
    priority: z.number().int().default(1000),
    licensed: z.boolean().default(false),
    marketplace: z.boolean().default(false),
    enabled: z.boolean().default(false),
    observable: z.boolean().default(true),
    auditable: z.boolean().default(false),
  })
  .strict();
export type PlatformComponent = z.infer<typeof ComponentEntry>;

const ComponentsFile = z.object({ components: z.array(ComponentEntry).max(500) }).strict();

/** Reads and checks the platform components file; a bad file stops the start with the reason. */
export function loadComponentsFile(file: string): PlatformComponent[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    throw new Error(`PLATFORM_COMPONENTS_FILE cannot be read (${file}): ${(err as Error).message}`);
  }
  const parsed = ComponentsFile.safeParse(parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`PLATFORM_COMPONENTS_FILE ${file}: ${issue.path.join(".")} ${issue.message}`);
  }
  const keys = new Set<string>();
  for (const c of parsed.data.components) {
    if (keys.has(c.key)) throw new Error(`PLATFORM_COMPONENTS_FILE ${file}: component key ${c.key} appears twice`);
    keys.add(c.key);
  }
  return parsed.data.components.sort((a, b) => a.priority - b.priority);
}
