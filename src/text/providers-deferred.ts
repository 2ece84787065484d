/**
 * A chat model that imports its provider on first use. `resolveChatModel` is synchronous (the
 * facade asks for a model before anything async), while provider modules load with a dynamic
 * import: this stands in until the first call, then hands every call to the real client.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseLanguageModelInput, StructuredOutputMethodOptions } from "@langchain/core/language_models/base";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { type Runnable, RunnableLambda } from "@langchain/core/runnables";

// One signature stands for BaseChatModel's six overloads of withStructuredOutput: each returns a
// Runnable of a different output, so the override's output type must be assignable to all.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type StructuredRunnable = Runnable<BaseLanguageModelInput, any>;

export interface DeferredChatModelFields {
  /** Provider name, as `LGM_CHAT_PROVIDER` spells it. */
  provider: string;
  /** Model name the client will call. */
  model: string;
  /** Import the provider and build its client; called once, again only after a failure. */
  load: () => Promise<BaseChatModel>;
}

/**
 * Stands in for a provider's chat model until the first call imports it.
 * @example
 * import { resolveChatModel } from "./models.js";
 * const model = resolveChatModel({ env: { LGM_CHAT_PROVIDER: "tongyi", DASHSCOPE_API_KEY: "sk-..." } });
 * model instanceof DeferredChatModel; // true: @langchain/community is not loaded yet
 * const real = await (model as DeferredChatModel).load(); // ChatAlibabaTongyi
 */
export class DeferredChatModel extends BaseChatModel {
  readonly provider: string;
  readonly model: string;
  private readonly loader: () => Promise<BaseChatModel>;
  private loading: Promise<BaseChatModel> | undefined;

  static override lc_name(): string {
    return "DeferredChatModel";
  }

  constructor(fields: DeferredChatModelFields) {
    super({});
    this.provider = fields.provider;
    this.model = fields.model;
    this.loader = fields.load;
  }

  _llmType(): string {
    return `deferred-${this.provider}`;
  }

  /** The real client, imported and built on first call. */
  load(): Promise<BaseChatModel> {
    this.loading ??= this.loader().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  async _generate(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const model = await this.load();
    return model._generate(messages, options, runManager);
  }

  /** The real client's own structured output (its tool calling), built on first call. */
  override withStructuredOutput(
    outputSchema: unknown,
    config?: StructuredOutputMethodOptions<boolean>,
  ): StructuredRunnable {
    return RunnableLambda.from(async (input: BaseLanguageModelInput, runConfig) => {
      const model = await this.load();
      // The real client validates schema and options itself; its overloads take any of these shapes.
      const structured = model.withStructuredOutput(
        outputSchema as Record<string, unknown>,
        config as StructuredOutputMethodOptions<true>,
      );
      return structured.invoke(input, runConfig);
    });
  }
}
