import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "ldapts";

/** A real OpenLDAP slapd (Debian's), started on a loopback port with a seeded directory. */
export const SUFFIX = "dc=example,dc=org";
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PASSWORD = "root-secret";
export const SERVICE_DN = `cn=console,ou=services,${SUFFIX}`;
export const SERVICE_PASSWORD = "service-secret";
export const PEOPLE = `ou=people,${SUFFIX}`;
export const GROUPS = `ou=groups,${SUFFIX}`;

const SLAPD = fs.existsSync("/usr/sbin/slapd") ? "/usr/sbin/slapd" : "slapd";
const SLAPADD = fs.existsSync("/usr/sbin/slapadd") ? "/usr/sbin/slapadd" : "slapadd";

export interface SeedUser {
  uid: string;
  givenName?: string;
  sn?: string;
  mail?: string;
  password?: string;
}
export interface SeedGroup {
  cn: string;
  /** uids of member users, or full DNs (e.g. of nested groups). */
  members: string[];
}

export const userDn = (uid: string) => `uid=${uid},${PEOPLE}`;
export const groupDn = (cn: string) => `cn=${cn},${GROUPS}`;

export function userEntry(u: SeedUser): Record<string, string | string[]> {
  return {
    objectClass: ["inetOrgPerson"],
    uid: u.uid,
    cn: `${u.givenName ?? u.uid} ${u.sn ?? "Person"}`,
    sn: u.sn ?? "Person",
    givenName: u.givenName ?? u.uid,
    mail: u.mail ?? `${u.uid}@example.org`,
    userPassword: u.password ?? `${u.uid}-password`,
  };
}

function ldifEntry(dn: string, attrs: Record<string, string | string[]>): string {
  const lines = [`dn: ${dn}`];
  for (const [k, v] of Object.entries(attrs)) for (const x of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${x}`);
  return lines.join("\n");
}

const memberDn = (m: string) => (m.includes("=") ? m : userDn(m));

/** The whole seed as LDIF: base, people, groups and the console's service account. */
export function seedLdif(users: SeedUser[], groups: SeedGroup[]): string {
  const entries = [
    ldifEntry(SUFFIX, { objectClass: ["dcObject", "organization"], dc: "example", o: "Example" }),
    ldifEntry(PEOPLE, { objectClass: "organizationalUnit", ou: "people" }),
    ldifEntry(GROUPS, { objectClass: "organizationalUnit", ou: "groups" }),
    ldifEntry(`ou=services,${SUFFIX}`, { objectClass: "organizationalUnit", ou: "services" }),
    ldifEntry(SERVICE_DN, {
      objectClass: ["organizationalRole", "simpleSecurityObject"],
      cn: "console",
      userPassword: SERVICE_PASSWORD,
    }),
    ...users.map((u) => ldifEntry(userDn(u.uid), userEntry(u))),
    ...groups.map((g) =>
      ldifEntry(groupDn(g.cn), {
        objectClass: "groupOfNames",
        cn: g.cn,
        // groupOfNames needs a member; an empty group points at the service account.
        member: g.members.length ? g.members.map(memberDn) : [SERVICE_DN],
      }),
    ),
  ];
  return `${entries.join("\n\n")}\n`;
}

function config(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${dir}/slapd.pid
# Directories commonly cap a search at 500 entries; the console must page past it.
sizelimit size.soft=500 size.hard=500 size.prtotal=unlimited
database mdb
maxsize 1073741824
suffix "${SUFFIX}"
rootdn "${ROOT_DN}"
rootpw ${ROOT_PASSWORD}
directory ${dir}/db
index objectClass eq
index uid eq
index member eq
access to attrs=userPassword
  by self write
  by anonymous auth
  by * none
access to *
  by dn.exact="${SERVICE_DN}" read
  by self read
  by * none
`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningSlapd {
  url: string;
  port: number;
  /** A client bound as the directory's root, to change the directory during a test. */
  admin(): Promise<Client>;
  stop(): Promise<void>;
  /** Environment that points the console at this directory. */
  env(extra?: Record<string, string>): Record<string, string>;
}

export async function startSlapd(ldif: string): Promise<RunningSlapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slapd-"));
  fs.mkdirSync(path.join(dir, "db"));
  const conf = path.join(dir, "slapd.conf");
  fs.writeFileSync(conf, config(dir));
  fs.writeFileSync(path.join(dir, "seed.ldif"), ldif);
  // Offline load: far faster than adding entries over the wire.
  const load = spawnSync(SLAPADD, ["-q", "-f", conf, "-l", path.join(dir, "seed.ldif")], { encoding: "utf8" });
  if (load.status !== 0) throw new Error(`slapadd failed: ${load.stderr}`);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(SLAPD, ["-f", conf, "-h", `${url}/`, "-d", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited: ${stderr}`);
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, "127.0.0.1", () => {
        sock.end();
        resolve(true);
      });
      sock.on("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`slapd did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    async admin() {
      const c = new Client({ url, timeout: 10_000 });
      await c.bind(ROOT_DN, ROOT_PASSWORD);
      return c;
    },
    env: (extra = {}) => ({
      LDAP_URL: url,
      LDAP_BIND_DN: SERVICE_DN,
      LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      LDAP_USER_BASE: PEOPLE,
      LDAP_GROUP_BASE: GROUPS,
      ...extra,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
