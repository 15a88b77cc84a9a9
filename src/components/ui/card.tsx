import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card border border-base-300 bg-base-100 shadow-sm", className)} {...props} />;
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card-body", className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn("card-title", className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm text-base-content/70", className)} {...props} />;
}

export function CardActions({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card-actions", className)} {...props} />;
}

/** A card with a titled section of a report (the heading level follows the page's outline). */
export function SectionCard({
  title,
  heading: Heading = "h2",
  testId,
  children,
}: {
  title: string;
  heading?: "h2" | "h3";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardBody className="gap-3">
        <Heading className="text-lg font-semibold">{title}</Heading>
        {children}
      </CardBody>
    </Card>
  );
}
