
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "public": {
          Tables: {
            "abuse_tracking": {
                  Row: {
                    "action_taken": string | null,"created_at": string,"description": string | null,"detected_at": string,"event_type": string,"id": string,"ip_address": string | null,"metadata": NonNullable<Json>,"risk_score": number
                  }
                  ComputedFields: never
                  Insert: {
                    "action_taken"?: string | null,"created_at"?: string,"description"?: string | null,"detected_at"?: string,"event_type": string,"id"?: string,"ip_address"?: string | null,"metadata"?: NonNullable<Json>,"risk_score"?: number
                  }
                  Update: {
                    "action_taken"?: string | null,"created_at"?: string,"description"?: string | null,"detected_at"?: string,"event_type"?: string,"id"?: string,"ip_address"?: string | null,"metadata"?: NonNullable<Json>,"risk_score"?: number
                  }
                  Relationships: [
                    
                  ]
                },"analysis_results": {
                  Row: {
                    "anchors_used": number,"annotations": NonNullable<Json>,"category_scores": NonNullable<Json>,"created_at": string,"detailed_feedback": string,"flags": NonNullable<Json>,"grader": string,"id": string,"improvement_areas": NonNullable<Json>,"max_score": number,"model": string | null,"needs_review_reason": string | null,"overall_score": number,"review": Json | null,"reviewed_at": string | null,"reviewed_by": string | null,"rubric": Json | null,"strengths": NonNullable<Json>,"submission_id": string,"suggestions": NonNullable<Json>
                  }
                  ComputedFields: never
                  Insert: {
                    "anchors_used"?: number,"annotations"?: NonNullable<Json>,"category_scores"?: NonNullable<Json>,"created_at"?: string,"detailed_feedback"?: string,"flags"?: NonNullable<Json>,"grader"?: string,"id"?: string,"improvement_areas"?: NonNullable<Json>,"max_score"?: number,"model"?: string | null,"needs_review_reason"?: string | null,"overall_score": number,"review"?: Json | null,"reviewed_at"?: string | null,"reviewed_by"?: string | null,"rubric"?: Json | null,"strengths"?: NonNullable<Json>,"submission_id": string,"suggestions"?: NonNullable<Json>
                  }
                  Update: {
                    "anchors_used"?: number,"annotations"?: NonNullable<Json>,"category_scores"?: NonNullable<Json>,"created_at"?: string,"detailed_feedback"?: string,"flags"?: NonNullable<Json>,"grader"?: string,"id"?: string,"improvement_areas"?: NonNullable<Json>,"max_score"?: number,"model"?: string | null,"needs_review_reason"?: string | null,"overall_score"?: number,"review"?: Json | null,"reviewed_at"?: string | null,"reviewed_by"?: string | null,"rubric"?: Json | null,"strengths"?: NonNullable<Json>,"submission_id"?: string,"suggestions"?: NonNullable<Json>
                  }
                  Relationships: [
                    {
      foreignKeyName: "analysis_results_submission_id_fkey"
      columns: ["submission_id"]
isOneToOne: true
      referencedRelation: "essay_submissions"
      referencedColumns: ["id"]
    }
                  ]
                },"analysis_sessions": {
                  Row: {
                    "class_id": string | null,"created_at": string,"criteria_content": string | null,"criteria_file_path": string | null,"criteria_filename": string | null,"criteria_mime_type": string | null,"id": string,"is_sample": boolean,"org_id": string | null,"prompt_content": string,"prompt_file_path": string | null,"prompt_filename": string | null,"prompt_mime_type": string | null,"rubric": Json | null,"title": string | null,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "class_id"?: string | null,"created_at"?: string,"criteria_content"?: string | null,"criteria_file_path"?: string | null,"criteria_filename"?: string | null,"criteria_mime_type"?: string | null,"id"?: string,"is_sample"?: boolean,"org_id"?: string | null,"prompt_content"?: string,"prompt_file_path"?: string | null,"prompt_filename"?: string | null,"prompt_mime_type"?: string | null,"rubric"?: Json | null,"title"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "class_id"?: string | null,"created_at"?: string,"criteria_content"?: string | null,"criteria_file_path"?: string | null,"criteria_filename"?: string | null,"criteria_mime_type"?: string | null,"id"?: string,"is_sample"?: boolean,"org_id"?: string | null,"prompt_content"?: string,"prompt_file_path"?: string | null,"prompt_filename"?: string | null,"prompt_mime_type"?: string | null,"rubric"?: Json | null,"title"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "analysis_sessions_class_id_fkey"
      columns: ["class_id"]
isOneToOne: false
      referencedRelation: "classes"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "analysis_sessions_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "analysis_sessions_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"blog_attachments": {
                  Row: {
                    "blog_post_id": string | null,"display_order": number,"file_size": number,"file_type": string,"filename": string,"filepath": string,"id": string,"mime_type": string | null,"uploaded_at": string,"uploaded_by": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "blog_post_id"?: string | null,"display_order"?: number,"file_size": number,"file_type": string,"filename": string,"filepath": string,"id"?: string,"mime_type"?: string | null,"uploaded_at"?: string,"uploaded_by"?: string | null
                  }
                  Update: {
                    "blog_post_id"?: string | null,"display_order"?: number,"file_size"?: number,"file_type"?: string,"filename"?: string,"filepath"?: string,"id"?: string,"mime_type"?: string | null,"uploaded_at"?: string,"uploaded_by"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "blog_attachments_blog_post_id_fkey"
      columns: ["blog_post_id"]
isOneToOne: false
      referencedRelation: "blog_posts"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "blog_attachments_uploaded_by_fkey"
      columns: ["uploaded_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"blog_posts": {
                  Row: {
                    "author_id": string | null,"category": string,"content": string,"created_at": string,"excerpt": string,"featured_image": string | null,"id": string,"is_published": boolean,"meta_description": string | null,"meta_title": string | null,"published_at": string | null,"slug": string,"tags": (string)[],"title": string,"updated_at": string,"view_count": number
                  }
                  ComputedFields: never
                  Insert: {
                    "author_id"?: string | null,"category"?: string,"content": string,"created_at"?: string,"excerpt"?: string,"featured_image"?: string | null,"id"?: string,"is_published"?: boolean,"meta_description"?: string | null,"meta_title"?: string | null,"published_at"?: string | null,"slug": string,"tags"?: (string)[],"title": string,"updated_at"?: string,"view_count"?: number
                  }
                  Update: {
                    "author_id"?: string | null,"category"?: string,"content"?: string,"created_at"?: string,"excerpt"?: string,"featured_image"?: string | null,"id"?: string,"is_published"?: boolean,"meta_description"?: string | null,"meta_title"?: string | null,"published_at"?: string | null,"slug"?: string,"tags"?: (string)[],"title"?: string,"updated_at"?: string,"view_count"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "blog_posts_author_id_fkey"
      columns: ["author_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"class_students": {
                  Row: {
                    "class_id": string,"created_at": string,"seat_number": number | null,"student_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "class_id": string,"created_at"?: string,"seat_number"?: number | null,"student_id": string
                  }
                  Update: {
                    "class_id"?: string,"created_at"?: string,"seat_number"?: number | null,"student_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "class_students_class_id_fkey"
      columns: ["class_id"]
isOneToOne: false
      referencedRelation: "classes"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "class_students_student_id_fkey"
      columns: ["student_id"]
isOneToOne: false
      referencedRelation: "students"
      referencedColumns: ["id"]
    }
                  ]
                },"class_teachers": {
                  Row: {
                    "class_id": string,"created_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "class_id": string,"created_at"?: string,"user_id": string
                  }
                  Update: {
                    "class_id"?: string,"created_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "class_teachers_class_id_fkey"
      columns: ["class_id"]
isOneToOne: false
      referencedRelation: "classes"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "class_teachers_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"classes": {
                  Row: {
                    "created_at": string,"grade": string | null,"id": string,"name": string,"org_id": string | null,"subject": string | null,"term": string | null,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"grade"?: string | null,"id"?: string,"name": string,"org_id"?: string | null,"subject"?: string | null,"term"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "created_at"?: string,"grade"?: string | null,"id"?: string,"name"?: string,"org_id"?: string | null,"subject"?: string | null,"term"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "classes_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "classes_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"comment_bank": {
                  Row: {
                    "category": string | null,"created_at": string,"id": string,"org_id": string | null,"text": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "category"?: string | null,"created_at"?: string,"id"?: string,"org_id"?: string | null,"text": string,"user_id"?: string | null
                  }
                  Update: {
                    "category"?: string | null,"created_at"?: string,"id"?: string,"org_id"?: string | null,"text"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "comment_bank_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "comment_bank_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"essay_drafts": {
                  Row: {
                    "created_at": string,"draft_number": number,"hidden": boolean,"intake_id": string,"session_id": string,"student_id": string,"submission_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"draft_number": number,"hidden"?: boolean,"intake_id": string,"session_id": string,"student_id": string,"submission_id": string,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"draft_number"?: number,"hidden"?: boolean,"intake_id"?: string,"session_id"?: string,"student_id"?: string,"submission_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "essay_drafts_intake_id_fkey"
      columns: ["intake_id"]
isOneToOne: false
      referencedRelation: "intake_links"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "essay_drafts_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "analysis_sessions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "essay_drafts_student_id_fkey"
      columns: ["student_id"]
isOneToOne: false
      referencedRelation: "students"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "essay_drafts_submission_id_fkey"
      columns: ["submission_id"]
isOneToOne: true
      referencedRelation: "essay_submissions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "essay_drafts_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"essay_submissions": {
                  Row: {
                    "analysis_completed_at": string | null,"analysis_started_at": string | null,"attempts": number,"essay_content": string,"essay_file_path": string | null,"essay_filename": string | null,"essay_mime_type": string | null,"id": string,"is_sample": boolean,"last_error": string | null,"lease_expires_at": string | null,"lease_owner": string | null,"progress": number,"progress_message": string,"roster_student_id": string | null,"session_id": string,"status": string,"student_id": string | null,"student_name": string | null,"submitted_at": string,"usage_charged": boolean,"usage_member_id": string | null,"usage_org_id": string | null,"usage_period_start": string | null,"usage_user_id": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "analysis_completed_at"?: string | null,"analysis_started_at"?: string | null,"attempts"?: number,"essay_content"?: string,"essay_file_path"?: string | null,"essay_filename"?: string | null,"essay_mime_type"?: string | null,"id"?: string,"is_sample"?: boolean,"last_error"?: string | null,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"progress"?: number,"progress_message"?: string,"roster_student_id"?: string | null,"session_id": string,"status"?: string,"student_id"?: string | null,"student_name"?: string | null,"submitted_at"?: string,"usage_charged"?: boolean,"usage_member_id"?: string | null,"usage_org_id"?: string | null,"usage_period_start"?: string | null,"usage_user_id"?: string | null,"user_id"?: string
                  }
                  Update: {
                    "analysis_completed_at"?: string | null,"analysis_started_at"?: string | null,"attempts"?: number,"essay_content"?: string,"essay_file_path"?: string | null,"essay_filename"?: string | null,"essay_mime_type"?: string | null,"id"?: string,"is_sample"?: boolean,"last_error"?: string | null,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"progress"?: number,"progress_message"?: string,"roster_student_id"?: string | null,"session_id"?: string,"status"?: string,"student_id"?: string | null,"student_name"?: string | null,"submitted_at"?: string,"usage_charged"?: boolean,"usage_member_id"?: string | null,"usage_org_id"?: string | null,"usage_period_start"?: string | null,"usage_user_id"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "essay_submissions_roster_student_id_fkey"
      columns: ["roster_student_id"]
isOneToOne: false
      referencedRelation: "students"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "essay_submissions_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "analysis_sessions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "essay_submissions_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"grading_usage": {
                  Row: {
                    "at": string,"cached_tokens": number,"call_kind": string,"completion_tokens": number,"id": number,"latency_ms": number,"mode": string,"model": string,"prompt_tokens": number,"purpose": string,"submission_id": string | null,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "at"?: string,"cached_tokens"?: number,"call_kind": string,"completion_tokens"?: number,"id"?: never,"latency_ms"?: number,"mode": string,"model": string,"prompt_tokens"?: number,"purpose"?: string,"submission_id"?: string | null,"user_id"?: string | null
                  }
                  Update: {
                    "at"?: string,"cached_tokens"?: number,"call_kind"?: string,"completion_tokens"?: number,"id"?: never,"latency_ms"?: number,"mode"?: string,"model"?: string,"prompt_tokens"?: number,"purpose"?: string,"submission_id"?: string | null,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "grading_usage_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"intake_links": {
                  Row: {
                    "closed_at": string | null,"created_at": string,"deadline": string,"id": string,"max_drafts": number,"quota_refused_at": string | null,"release": string,"session_id": string,"token_hash": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "closed_at"?: string | null,"created_at"?: string,"deadline": string,"id"?: string,"max_drafts"?: number,"quota_refused_at"?: string | null,"release"?: string,"session_id": string,"token_hash": string,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "closed_at"?: string | null,"created_at"?: string,"deadline"?: string,"id"?: string,"max_drafts"?: number,"quota_refused_at"?: string | null,"release"?: string,"session_id"?: string,"token_hash"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "intake_links_session_id_fkey"
      columns: ["session_id"]
isOneToOne: true
      referencedRelation: "analysis_sessions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "intake_links_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"org_invitations": {
                  Row: {
                    "accepted_at": string | null,"accepted_by": string | null,"created_at": string,"email": string | null,"expires_at": string,"id": string,"invited_by": string | null,"org_id": string,"revoked_at": string | null,"role": string,"token_hash": string
                  }
                  ComputedFields: never
                  Insert: {
                    "accepted_at"?: string | null,"accepted_by"?: string | null,"created_at"?: string,"email"?: string | null,"expires_at": string,"id"?: string,"invited_by"?: string | null,"org_id": string,"revoked_at"?: string | null,"role": string,"token_hash": string
                  }
                  Update: {
                    "accepted_at"?: string | null,"accepted_by"?: string | null,"created_at"?: string,"email"?: string | null,"expires_at"?: string,"id"?: string,"invited_by"?: string | null,"org_id"?: string,"revoked_at"?: string | null,"role"?: string,"token_hash"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "org_invitations_accepted_by_fkey"
      columns: ["accepted_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "org_invitations_invited_by_fkey"
      columns: ["invited_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "org_invitations_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    }
                  ]
                },"org_members": {
                  Row: {
                    "created_at": string,"monthly_cap": number | null,"org_id": string,"role": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"monthly_cap"?: number | null,"org_id": string,"role": string,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"monthly_cap"?: number | null,"org_id"?: string,"role"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "org_members_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "org_members_user_id_fkey"
      columns: ["user_id"]
isOneToOne: true
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"org_usage": {
                  Row: {
                    "essay_count": number,"org_id": string,"period_start": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "essay_count"?: number,"org_id": string,"period_start": string,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "essay_count"?: number,"org_id"?: string,"period_start"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "org_usage_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "org_usage_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"organisations": {
                  Row: {
                    "created_at": string,"created_by": string | null,"id": string,"name": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"id"?: string,"name": string,"updated_at"?: string
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"id"?: string,"name"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "organisations_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"payments": {
                  Row: {
                    "activated_at": string | null,"amount": number,"approved_at": string | null,"billing_account_id": string | null,"billing_period": string | null,"created_at": string,"currency": string,"failure_code": string | null,"failure_message": string | null,"id": string,"kind": string,"method": string | null,"order_name": string,"payment_key": string | null,"period_end": string | null,"period_start": string | null,"plan_id": string,"receipt_url": string | null,"refund_reason": string | null,"refunded_amount": number,"refunded_at": string | null,"refunded_by": string | null,"status": string,"updated_at": string,"user_id": string | null,"withdrawn_at": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "activated_at"?: string | null,"amount": number,"approved_at"?: string | null,"billing_account_id"?: string | null,"billing_period"?: string | null,"created_at"?: string,"currency"?: string,"failure_code"?: string | null,"failure_message"?: string | null,"id": string,"kind"?: string,"method"?: string | null,"order_name": string,"payment_key"?: string | null,"period_end"?: string | null,"period_start"?: string | null,"plan_id": string,"receipt_url"?: string | null,"refund_reason"?: string | null,"refunded_amount"?: number,"refunded_at"?: string | null,"refunded_by"?: string | null,"status"?: string,"updated_at"?: string,"user_id"?: string | null,"withdrawn_at"?: string | null
                  }
                  Update: {
                    "activated_at"?: string | null,"amount"?: number,"approved_at"?: string | null,"billing_account_id"?: string | null,"billing_period"?: string | null,"created_at"?: string,"currency"?: string,"failure_code"?: string | null,"failure_message"?: string | null,"id"?: string,"kind"?: string,"method"?: string | null,"order_name"?: string,"payment_key"?: string | null,"period_end"?: string | null,"period_start"?: string | null,"plan_id"?: string,"receipt_url"?: string | null,"refund_reason"?: string | null,"refunded_amount"?: number,"refunded_at"?: string | null,"refunded_by"?: string | null,"status"?: string,"updated_at"?: string,"user_id"?: string | null,"withdrawn_at"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "payments_plan_id_fkey"
      columns: ["plan_id"]
isOneToOne: false
      referencedRelation: "subscription_plans"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "payments_refunded_by_fkey"
      columns: ["refunded_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "payments_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"profiles": {
                  Row: {
                    "created_at": string,"display_name": string | null,"email": string | null,"guest_usage_count": number,"id": string,"is_admin": boolean,"is_guest": boolean,"last_login_at": string | null,"updated_at": string,"username": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"display_name"?: string | null,"email"?: string | null,"guest_usage_count"?: number,"id": string,"is_admin"?: boolean,"is_guest"?: boolean,"last_login_at"?: string | null,"updated_at"?: string,"username": string
                  }
                  Update: {
                    "created_at"?: string,"display_name"?: string | null,"email"?: string | null,"guest_usage_count"?: number,"id"?: string,"is_admin"?: boolean,"is_guest"?: boolean,"last_login_at"?: string | null,"updated_at"?: string,"username"?: string
                  }
                  Relationships: [
                    
                  ]
                },"rate_limits": {
                  Row: {
                    "action": string,"count": number,"created_at": string,"id": string,"identifier": string,"reset_at": string,"type": string,"updated_at": string,"window_start": string
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"count"?: number,"created_at"?: string,"id"?: string,"identifier": string,"reset_at": string,"type": string,"updated_at"?: string,"window_start"?: string
                  }
                  Update: {
                    "action"?: string,"count"?: number,"created_at"?: string,"id"?: string,"identifier"?: string,"reset_at"?: string,"type"?: string,"updated_at"?: string,"window_start"?: string
                  }
                  Relationships: [
                    
                  ]
                },"refused_answers": {
                  Row: {
                    "created_at": string,"dismissed_at": string | null,"filename": string | null,"id": string,"reason": string,"session_id": string,"student_id": string | null,"student_name": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"dismissed_at"?: string | null,"filename"?: string | null,"id"?: string,"reason": string,"session_id": string,"student_id"?: string | null,"student_name"?: string | null,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"dismissed_at"?: string | null,"filename"?: string | null,"id"?: string,"reason"?: string,"session_id"?: string,"student_id"?: string | null,"student_name"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "refused_answers_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "analysis_sessions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "refused_answers_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"report_shares": {
                  Row: {
                    "created_at": string,"expires_at": string,"id": string,"revoked_at": string | null,"submission_id": string,"token_hash": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"expires_at": string,"id"?: string,"revoked_at"?: string | null,"submission_id": string,"token_hash": string,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"expires_at"?: string,"id"?: string,"revoked_at"?: string | null,"submission_id"?: string,"token_hash"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "report_shares_submission_id_fkey"
      columns: ["submission_id"]
isOneToOne: false
      referencedRelation: "essay_submissions"
      referencedColumns: ["id"]
    }
                  ]
                },"result_edits": {
                  Row: {
                    "after": Json | null,"at": string,"before": Json | null,"field": string,"id": string,"result_id": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "after"?: Json | null,"at"?: string,"before"?: Json | null,"field": string,"id"?: string,"result_id": string,"user_id"?: string | null
                  }
                  Update: {
                    "after"?: Json | null,"at"?: string,"before"?: Json | null,"field"?: string,"id"?: string,"result_id"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "result_edits_result_id_fkey"
      columns: ["result_id"]
isOneToOne: false
      referencedRelation: "analysis_results"
      referencedColumns: ["id"]
    }
                  ]
                },"rubrics": {
                  Row: {
                    "created_at": string,"criteria": NonNullable<Json>,"description": string,"id": string,"name": string,"org_id": string | null,"updated_at": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"criteria": NonNullable<Json>,"description"?: string,"id"?: string,"name": string,"org_id"?: string | null,"updated_at"?: string,"user_id"?: string | null
                  }
                  Update: {
                    "created_at"?: string,"criteria"?: NonNullable<Json>,"description"?: string,"id"?: string,"name"?: string,"org_id"?: string | null,"updated_at"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "rubrics_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "rubrics_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"session_anchors": {
                  Row: {
                    "category_scores": NonNullable<Json>,"content": string,"created_at": string,"file_path": string | null,"filename": string | null,"id": string,"mime_type": string | null,"session_id": string,"total_score": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "category_scores"?: NonNullable<Json>,"content": string,"created_at"?: string,"file_path"?: string | null,"filename"?: string | null,"id"?: string,"mime_type"?: string | null,"session_id": string,"total_score": number,"user_id": string
                  }
                  Update: {
                    "category_scores"?: NonNullable<Json>,"content"?: string,"created_at"?: string,"file_path"?: string | null,"filename"?: string | null,"id"?: string,"mime_type"?: string | null,"session_id"?: string,"total_score"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "session_anchors_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "analysis_sessions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "session_anchors_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"student_codes": {
                  Row: {
                    "code_hash": string,"id": string,"issued_at": string,"revoked_at": string | null,"student_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "code_hash": string,"id"?: string,"issued_at"?: string,"revoked_at"?: string | null,"student_id": string,"user_id": string
                  }
                  Update: {
                    "code_hash"?: string,"id"?: string,"issued_at"?: string,"revoked_at"?: string | null,"student_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "student_codes_student_id_fkey"
      columns: ["student_id"]
isOneToOne: false
      referencedRelation: "students"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "student_codes_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"students": {
                  Row: {
                    "created_at": string,"exam_number": string,"id": string,"name": string,"notes": string,"org_id": string | null,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"exam_number": string,"id"?: string,"name": string,"notes"?: string,"org_id"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "created_at"?: string,"exam_number"?: string,"id"?: string,"name"?: string,"notes"?: string,"org_id"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "students_org_id_fkey"
      columns: ["org_id"]
isOneToOne: false
      referencedRelation: "organisations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "students_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"subscription_plans": {
                  Row: {
                    "billing_period": string,"created_at": string,"currency": string,"description": string,"features": NonNullable<Json>,"id": string,"is_active": boolean,"max_essays_per_month": number,"max_files_per_upload": number,"max_users": number,"name": string,"price": number,"yearly_price": number | null
                  }
                  ComputedFields: never
                  Insert: {
                    "billing_period"?: string,"created_at"?: string,"currency"?: string,"description"?: string,"features"?: NonNullable<Json>,"id": string,"is_active"?: boolean,"max_essays_per_month": number,"max_files_per_upload"?: number,"max_users"?: number,"name": string,"price": number,"yearly_price"?: number | null
                  }
                  Update: {
                    "billing_period"?: string,"created_at"?: string,"currency"?: string,"description"?: string,"features"?: NonNullable<Json>,"id"?: string,"is_active"?: boolean,"max_essays_per_month"?: number,"max_files_per_upload"?: number,"max_users"?: number,"name"?: string,"price"?: number,"yearly_price"?: number | null
                  }
                  Relationships: [
                    
                  ]
                },"subscriptions": {
                  Row: {
                    "auto_renew": boolean,"billing_account_id": string | null,"billing_period": string | null,"canceled_at": string | null,"change_period": string | null,"change_plan_id": string | null,"change_price": number | null,"created_at": string,"end_date": string | null,"id": string,"last_payment_id": string | null,"next_attempt_at": string | null,"next_price": number | null,"next_price_from": string | null,"plan_id": string,"price": number | null,"renewal_attempts": number,"renewal_notice_for": string | null,"renews_at": string | null,"scheduled_payment_id": string | null,"scheduled_plan_id": string | null,"start_date": string,"status": string,"trial_ends_at": string | null,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "auto_renew"?: boolean,"billing_account_id"?: string | null,"billing_period"?: string | null,"canceled_at"?: string | null,"change_period"?: string | null,"change_plan_id"?: string | null,"change_price"?: number | null,"created_at"?: string,"end_date"?: string | null,"id"?: string,"last_payment_id"?: string | null,"next_attempt_at"?: string | null,"next_price"?: number | null,"next_price_from"?: string | null,"plan_id"?: string,"price"?: number | null,"renewal_attempts"?: number,"renewal_notice_for"?: string | null,"renews_at"?: string | null,"scheduled_payment_id"?: string | null,"scheduled_plan_id"?: string | null,"start_date"?: string,"status"?: string,"trial_ends_at"?: string | null,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "auto_renew"?: boolean,"billing_account_id"?: string | null,"billing_period"?: string | null,"canceled_at"?: string | null,"change_period"?: string | null,"change_plan_id"?: string | null,"change_price"?: number | null,"created_at"?: string,"end_date"?: string | null,"id"?: string,"last_payment_id"?: string | null,"next_attempt_at"?: string | null,"next_price"?: number | null,"next_price_from"?: string | null,"plan_id"?: string,"price"?: number | null,"renewal_attempts"?: number,"renewal_notice_for"?: string | null,"renews_at"?: string | null,"scheduled_payment_id"?: string | null,"scheduled_plan_id"?: string | null,"start_date"?: string,"status"?: string,"trial_ends_at"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "subscriptions_change_plan_id_fkey"
      columns: ["change_plan_id"]
isOneToOne: false
      referencedRelation: "subscription_plans"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "subscriptions_last_payment_id_fkey"
      columns: ["last_payment_id"]
isOneToOne: false
      referencedRelation: "payments"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "subscriptions_plan_id_fkey"
      columns: ["plan_id"]
isOneToOne: false
      referencedRelation: "subscription_plans"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "subscriptions_scheduled_payment_id_fkey"
      columns: ["scheduled_payment_id"]
isOneToOne: false
      referencedRelation: "payments"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "subscriptions_scheduled_plan_id_fkey"
      columns: ["scheduled_plan_id"]
isOneToOne: false
      referencedRelation: "subscription_plans"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "subscriptions_user_id_fkey"
      columns: ["user_id"]
isOneToOne: true
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"usage_tracking": {
                  Row: {
                    "created_at": string,"essay_count": number,"id": string,"last_reset_at": string | null,"period_end": string,"period_start": string,"subscription_id": string | null,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"essay_count"?: number,"id"?: string,"last_reset_at"?: string | null,"period_end": string,"period_start": string,"subscription_id"?: string | null,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"essay_count"?: number,"id"?: string,"last_reset_at"?: string | null,"period_end"?: string,"period_start"?: string,"subscription_id"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "usage_tracking_subscription_id_fkey"
      columns: ["subscription_id"]
isOneToOne: false
      referencedRelation: "subscriptions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "usage_tracking_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                }
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            [_ in never]: never
          }
          Enums: {
            [_ in never]: never
          }
          CompositeTypes: {
            [_ in never]: never
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "public": {
          Enums: {
            
          }
        }
} as const
