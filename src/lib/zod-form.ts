import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import type { z } from "zod";

/** A form checked by a zod schema when submitted, and after a refused submit again on every change. */
export function useZodForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues?: DefaultValues<T>) {
  return useForm<T>({ resolver: zodResolver(schema), mode: "onSubmit", reValidateMode: "onChange", defaultValues });
}
