// The environment of the app a bench starts (scripts/serve.ts in a child process).

/** This process's environment without any SVC_ variable or DATABASE_URL (nothing of the caller's service leaks in), then `vars`. */
export function appEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("SVC_") && k !== "DATABASE_URL") env[k] = v;
  return Object.assign(env, vars) as NodeJS.ProcessEnv;
}
