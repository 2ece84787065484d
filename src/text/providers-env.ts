/**
 * The model-related environment variables: which provider to use, which model, and each
 * provider's credentials. Validated with zod; a bad value is an InvalidConfigError naming the
 * variable, and a credential is never echoed back.
 */
import { z } from "zod";
import { InvalidConfigError } from "../errors.js";

/** Chat providers `LGM_CHAT_PROVIDER` accepts. `none`: rules only, even when `OPENAI_API_KEY` is set. */
export const CHAT_PROVIDERS = ["openai", "tongyi", "zhipuai", "hunyuan", "minimax", "none"] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

/** Embedding providers `LGM_EMBEDDING_PROVIDER` accepts. `hash`: the offline HashEmbeddings. */
export const EMBEDDING_PROVIDERS = [
  "openai",
  "tongyi",
  "zhipuai",
  "hunyuan",
  "doubao",
  "minimax",
  "huggingface",
  "hash",
] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

export const ALIBABA_REGIONS = ["china", "singapore", "us"] as const;

/** Variables whose values are credentials: an error says "(hidden)" instead of quoting them. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  "OPENAI_API_KEY",
  "DASHSCOPE_API_KEY",
  "ALIBABA_API_KEY",
  "ZHIPUAI_API_KEY",
  "TENCENT_SECRET_ID",
  "TENCENT_SECRET_KEY",
  "ARK_API_KEY",
  "MINIMAX_API_KEY",
  "MINIMAX_GROUP_ID",
]);

// `.env` files often hold `OPENAI_BASE_URL=`: blank means unset.
const blankAsUnset = (value: unknown): unknown =>
  typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value;
const lowerCase = (value: unknown): unknown => {
  const trimmed = blankAsUnset(value);
  return typeof trimmed === "string" ? trimmed.toLowerCase() : trimmed;
};
const optionalText = z.preprocess(blankAsUnset, z.string().optional());
const optionalDims = z.preprocess(
  blankAsUnset,
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(65536)).optional(),
);
const TRUE_WORDS = ["true", "1", "yes"];
const optionalFlag = z.preprocess(
  lowerCase,
  z
    .enum([...TRUE_WORDS, "false", "0", "no"])
    .transform((word) => TRUE_WORDS.includes(word))
    .optional(),
);

const ModelEnvSchema = z.object({
  LGM_CHAT_PROVIDER: z.preprocess(lowerCase, z.enum(CHAT_PROVIDERS).optional()),
  LGM_CHAT_MODEL: optionalText,
  LGM_EMBEDDING_PROVIDER: z.preprocess(lowerCase, z.enum(EMBEDDING_PROVIDERS).optional()),
  LGM_EMBEDDING_MODEL: optionalText,
  LGM_EMBEDDING_DIMS: optionalDims,
  LGM_HF_MODEL_DIR: optionalText,
  LGM_HF_ALLOW_REMOTE: optionalFlag,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_MODEL: optionalText,
  OPENAI_EMBEDDING_MODEL: optionalText,
  OPENAI_EMBEDDING_DIMS: optionalDims,
  DASHSCOPE_API_KEY: optionalText,
  ALIBABA_API_KEY: optionalText,
  ALIBABA_REGION: z.preprocess(lowerCase, z.enum(ALIBABA_REGIONS).optional()),
  // Zhipu signs a short-lived token with the part after the dot (@langchain/community's encodeApiKey).
  ZHIPUAI_API_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[^.\s]{1,400}\.[^.\s]{1,400}$/)
      .optional(),
  ),
  TENCENT_SECRET_ID: optionalText,
  TENCENT_SECRET_KEY: optionalText,
  ARK_API_KEY: optionalText,
  MINIMAX_API_KEY: optionalText,
  MINIMAX_GROUP_ID: optionalText,
});

const ENV_EXPECTATIONS: Record<keyof z.input<typeof ModelEnvSchema>, string> = {
  LGM_CHAT_PROVIDER: `one of ${CHAT_PROVIDERS.join(", ")}`,
  LGM_CHAT_MODEL: "a model name such as qwen-plus",
  LGM_EMBEDDING_PROVIDER: `one of ${EMBEDDING_PROVIDERS.join(", ")}`,
  LGM_EMBEDDING_MODEL: "a model name such as text-embedding-v4",
  LGM_EMBEDDING_DIMS: "a whole number from 1 to 65536",
  LGM_HF_MODEL_DIR: "a path to a local model folder",
  LGM_HF_ALLOW_REMOTE: "true or false",
  OPENAI_API_KEY: "a string",
  OPENAI_BASE_URL: "an http(s) URL such as https://api.deepseek.com/v1",
  OPENAI_MODEL: "a model name such as gpt-4o-mini",
  OPENAI_EMBEDDING_MODEL: "a model name such as text-embedding-3-small",
  OPENAI_EMBEDDING_DIMS: "a whole number from 1 to 65536",
  DASHSCOPE_API_KEY: "a string",
  ALIBABA_API_KEY: "a string",
  ALIBABA_REGION: `one of ${ALIBABA_REGIONS.join(", ")}`,
  ZHIPUAI_API_KEY: "the key as Zhipu's console shows it, <id>.<secret>",
  TENCENT_SECRET_ID: "a string",
  TENCENT_SECRET_KEY: "a string",
  ARK_API_KEY: "a string",
  MINIMAX_API_KEY: "a string",
  MINIMAX_GROUP_ID: "a string",
};

/** The model-related environment variables, validated. */
export type ModelEnv = z.output<typeof ModelEnvSchema>;
/** Names of the variables {@link parseModelEnv} reads. */
export type ModelEnvVariable = keyof ModelEnv;

/**
 * Validate the model variables of `env`. Unrelated variables are ignored; blank values count as
 * unset; provider names are case-insensitive.
 * @example
 * parseModelEnv({ OPENAI_API_KEY: "sk-...", OPENAI_BASE_URL: "https://api.deepseek.com/v1" });
 * parseModelEnv({ LGM_CHAT_PROVIDER: "tongyi", DASHSCOPE_API_KEY: "sk-..." });
 */
export function parseModelEnv(env: NodeJS.ProcessEnv = process.env): ModelEnv {
  const picked = Object.fromEntries(Object.keys(ENV_EXPECTATIONS).map((name) => [name, env[name]]));
  const parsed = ModelEnvSchema.safeParse(picked);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const variable = String(issue.path[0]) as ModelEnvVariable;
  const received = SECRET_VARIABLES.has(variable) ? "(hidden)" : JSON.stringify(env[variable]);
  throw new InvalidConfigError(
    `Environment variable ${variable} must be ${ENV_EXPECTATIONS[variable]}; received ${received}.`,
    { variable, expected: ENV_EXPECTATIONS[variable], received },
  );
}

/**
 * The first of `variables` that is set, or an InvalidConfigError naming them, said as what
 * `selector=provider` needs. The value is returned, never quoted.
 */
export function requireVariable(
  env: ModelEnv,
  variables: readonly [ModelEnvVariable, ...ModelEnvVariable[]],
  selector: "LGM_CHAT_PROVIDER" | "LGM_EMBEDDING_PROVIDER",
  provider: string,
): string {
  for (const variable of variables) {
    const value = env[variable];
    if (typeof value === "string") return value;
  }
  const [first, ...others] = variables;
  const alternatives = others.length > 0 ? ` (or ${others.join(" or ")})` : "";
  throw new InvalidConfigError(`${selector}=${provider} needs ${first}${alternatives}; it is not set.`, {
    variable: first,
    provider,
    expected: variables.join(" or "),
    received: "unset",
  });
}
